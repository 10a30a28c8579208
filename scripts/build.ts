/**
 * `npm run build`: builds into a new folder `{DIST_DIR}.builds/<build-id>/` and, only when the
 * build succeeds, points the `DIST_DIR` symlink at it in one rename. A failed build leaves the
 * served one as it was; a running server notices the new link and switches to it by itself
 * (README, "Publishing a new catalog"). Each build records its files (manifest.tsv) and what it
 * changed against the build served before it (changes.json, for the CDN purge). Builds
 * superseded long ago are pruned.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { ConfigError, readConfig } from '../src/config/read-config.ts';
import { writeBuildManifest } from '../src/publish/build-manifest.ts';
import { createBuildDir, publishBuild, pruneBuilds, resolveBuild } from '../src/publish/build-layout.ts';
import { computeChangeList, summarizeChangeList, writeChangeList } from '../src/publish/change-list.ts';
import { describeBuild, readBuildContents } from '../src/publish/describe-build.ts';

let dist: string;
try {
  dist = readConfig().DIST_DIR.replace(/\/+$/, '');
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

const manifest = describeBuild(next);
writeBuildManifest(next, manifest);
const served = (() => {
  try {
    return resolveBuild(dist).dir;
  } catch {
    return null;
  }
})();
const changes = computeChangeList(manifest, served ? readBuildContents(served) : null, 'full');
writeChangeList(next, changes);
console.log(`changes: ${summarizeChangeList(changes)}`);

publishBuild(dist, next);
const pruned = pruneBuilds(dist);
console.log(`Published the build to ${dist}/ (-> ${relative(process.cwd(), next) || next})${pruned.length ? `; pruned ${pruned.join(', ')}` : ''}`);
