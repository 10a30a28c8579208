/**
 * `npm run build`: builds into a new folder `{DIST_DIR}.builds/<build-id>/` and, only when the
 * build succeeds, points the `DIST_DIR` symlink at it in one rename. A failed build leaves the
 * served one as it was; a running server notices the new link and switches to it by itself
 * (README, "Publishing a new catalog"). Builds superseded long ago are pruned.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { ConfigError, readConfig } from '../src/config/read-config.ts';
import { createBuildDir, publishBuild, pruneBuilds } from '../src/publish/build-layout.ts';
import { resolveAssetRetention } from '../src/core/cdn/cache-policy.ts';

let dist: string;
let retentionMs: number;
try {
  const config = readConfig();
  dist = config.DIST_DIR.replace(/\/+$/, '');
  retentionMs = resolveAssetRetention(config) * 1000;
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const next = createBuildDir(dist);

const astro = spawnSync('npx', ['astro', 'build', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DIST_DIR: next },
});
if (astro.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  console.error(`\nBuild failed: ${dist}/ was left as it was.`);
  process.exit(astro.status ?? 1);
}

publishBuild(dist, next);
const pruned = pruneBuilds(dist, retentionMs);
const notes = [pruned.removed.length ? `pruned ${pruned.removed.join(', ')}` : '', pruned.trimmed.length ? `kept only the hashed assets of ${pruned.trimmed.join(', ')}` : ''].filter(Boolean);
console.log(`Published the build to ${dist}/ (-> ${relative(process.cwd(), next) || next})${notes.length ? `; ${notes.join('; ')}` : ''}`);
