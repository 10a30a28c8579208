/**
 * The body of `npm run build [-- --full]` (scripts/build.ts enables Node's compile cache first):
 * publishes the catalog as a new immutable build folder `{DIST_DIR}.builds/<build-id>/`,
 * reusing the previous build of the same catalog folder where nothing it shows changed, and,
 * only when the build succeeds, points the `DIST_DIR` symlink at it in one rename. A running
 * server notices and switches by itself (docs/publishing.md).
 */
import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { ConfigError, readConfig } from '../../src/config/read-config.ts';
import { CatalogFailure, publishSite } from '../../src/publish/publish-site.ts';
import { IncompleteBuildError } from '../../src/publish/finish-build.ts';
import { summarizeChangeList } from '../../src/publish/change-list.ts';
import { loadCatalogFor } from '../../src/integrations/load-catalog.ts';

const started = performance.now();
const full = process.argv.includes('--full');

try {
  const config = readConfig();
  // The catalog loads on a worker thread from here on, while Astro is imported and bundles.
  const prepare = (plan: Parameters<typeof loadCatalogFor>[1]) => void loadCatalogFor(config, plan);
  const result = await publishSite({ root: process.cwd(), config, full, log: (line) => console.log(line), prepare });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const how = result.plan.mode === 'full' ? `full build (${result.plan.reason})` : `incremental${result.staged ? ' (staged)' : ''}: ${result.rendered} keyed pages rendered, ${result.reused} reused`;
  const { drawn, cached, repaired } = result.compression.images;
  const images = `social images: ${(drawn + repaired).toLocaleString('en')} drawn, ${cached.toLocaleString('en')} from the raster cache`;
  console.log(`Published the build to ${config.DIST_DIR}/ (-> ${relative(process.cwd(), result.dir)}) in ${seconds} s, ${how}; ${images}; ${summarizeChangeList(result.changes)}`);
  // Done: without this the process lingers 0.5–1.5 s tearing down Astro's and Vite's leftovers
  // (threads, the bundler's service) after the build is already live.
  process.exit(0);
} catch (err) {
  if (err instanceof IncompleteBuildError && !full) {
    // Unsure of a reused build: build everything, in a fresh process (Astro runs once per process).
    console.log(`publish: ${err.message}; building in full instead`);
    const again = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, '--full', ...process.argv.slice(2)], { stdio: 'inherit' });
    process.exit(again.status ?? 1);
  }
  // Named as configured; a configuration that failed to read names nothing of its own.
  const served = `${(process.env.DIST_DIR ?? 'dist').replace(/\/+$/, '')}/`;
  console.error(err instanceof ConfigError || err instanceof CatalogFailure ? err.message : err);
  console.error(`Build failed: ${served} was left as it was.`);
  process.exit(1);
}
