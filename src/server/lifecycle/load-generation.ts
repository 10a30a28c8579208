import type { Config } from '../../schemas/config.ts';
import { createApp, type AppOptions, type Shared } from '../create-app.ts';
import { loadBuild, type LoadedBuild } from './load-build.ts';
import { BuildError } from '../../http/data/check-build-data.ts';
import { createAccessLogger } from '../observe/access-log.ts';
import { snapshotCaches } from '../observe/metric-sources.ts';
import { instrumentCatalogSearch } from '../observe/stats.ts';
import type { Generation } from './serving-state.ts';

/**
 * Loads DIST_DIR's build and makes its App, ready to serve but not serving yet (see
 * switchTo); `serving` is the build serving now, whose parsed shards the new one reuses where
 * it shares the files. With `metrics`, the catalog's search is timed. Throws BuildError when
 * the build or its App cannot be made; caches the refused App registered are unregistered again.
 */
export async function loadGeneration(config: Config, shared: Shared, opts: { importEntry: boolean; metrics: boolean; serving?: LoadedBuild; app?: AppOptions; dataOnly?: boolean }): Promise<Generation> {
  const loaded = await loadBuild(config.DIST_DIR, { importEntry: opts.importEntry, serving: opts.serving, dataOnly: opts.dataOnly });
  const build = opts.metrics ? { ...loaded, catalog: instrumentCatalogSearch(loaded.catalog) } : loaded;
  const restoreCaches = snapshotCaches();
  try {
    const app = createApp(config, build, shared, opts.app);
    return { app, build, access: createAccessLogger(build.id), active: 0 };
  } catch (err) {
    restoreCaches();
    throw new BuildError(`The build ${build.id} cannot be served: ${(err as Error).message}`);
  }
}
