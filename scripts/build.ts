/**
 * `npm run build`: builds into a sibling folder and swaps it in only when the build succeeds,
 * so bad catalog data (or any failure) leaves the previous dist/ intact and serving.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { ConfigError, readConfig } from '../src/config/read-config.ts';

let dist: string;
try {
  dist = readConfig().DIST_DIR.replace(/\/+$/, '');
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const next = `${dist}.next`;
const old = `${dist}.old`;
rmSync(next, { recursive: true, force: true });

const astro = spawnSync('npx', ['astro', 'build', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DIST_DIR: next },
});
if (astro.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  console.error(`\nBuild failed: ${existsSync(dist) ? `${dist}/ was left as it was.` : `no ${dist}/ was written.`}`);
  process.exit(astro.status ?? 1);
}

// Two renames: the old build is out of the way for the shortest possible moment.
rmSync(old, { recursive: true, force: true });
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
console.log(`Published the build to ${dist}/`);
