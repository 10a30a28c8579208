/**
 * Times each step of a build load, in one process: a first load of BUILD_A (the serving
 * build), then a reload of BUILD_B beside it, reusing BUILD_A's shards (REUSE=0: none), then
 * the full GC once BUILD_A is let go. The steps mirror loadBuild's and loadGeneration's, each
 * timed (wall ms / CPU ms: the machine is shared, CPU is the steadier figure); PROFILE=<file>
 * writes a CPU profile of the reload alone. Prints one JSON line. Usage (build folders):
 *   [REUSE=0] [PROFILE=f] node --expose-gc --max-semi-space-size=16 --heap-growing-percent=25 scripts/bench/reload-steps.ts BUILD_A BUILD_B
 */
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../../src/config/read-config.ts';
import { createCatalog } from '../../src/core/catalog/catalog.ts';
import { loadSearchIndex } from '../../src/core/search/search-index.ts';
import type { Template } from '../../src/schemas/template.ts';
import { createApp, createShared } from '../../src/server/create-app.ts';
import { readCatalogData } from '../../src/server/lifecycle/read-catalog-data.ts';
import type { ShardTemplates } from '../../src/server/lifecycle/read-shards.ts';

const gc = (globalThis as { gc?: () => void }).gc!;
const [a, b] = process.argv.slice(2) as [string, string];
const config = readConfig({ DIST_DIR: a });
const shared = await createShared(config);

async function load(dir: string, known?: ShardTemplates) {
  const t: Record<string, string> = {};
  let at = performance.now();
  let cpu = process.cpuUsage();
  const lap = (name: string) => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    t[name] = `${Math.round(now - at)}/${Math.round((used.user + used.system) / 1000)}`;
    at = now;
    cpu = process.cpuUsage();
  };
  const clientDir = join(dir, 'client');
  const data = await readCatalogData(clientDir, dir, known); // the sample check included
  lap('shards');
  const bytes = await readFile(join(clientDir, 'data', 'search-index.bin'));
  lap('indexRead');
  const index = loadSearchIndex(bytes);
  lap('indexLoad');
  await import(pathToFileURL(join(dir, 'server', 'entry.mjs')).href);
  lap('entry');
  const h = data.head;
  const catalog = createCatalog(h.categories, data.templates as Template[], index, h.filterWords, { topicalPairs: h.topicalPairs });
  lap('catalog');
  createApp(config, { id: dir, key: dir, catalog, builtAt: h.builtAt, siteUrl: h.siteUrl, clientDir, serverEntry: '', shards: data.byFile, reusedShards: data.reusedShards }, shared);
  lap('app');
  return { catalog, byFile: data.byFile, t };
}

const first = await load(a);
gc();
const heapBefore = process.memoryUsage().heapUsed;
const session = process.env.PROFILE ? new Session() : undefined;
session?.connect();
await session?.post('Profiler.enable');
await session?.post('Profiler.setSamplingInterval', { interval: 200 });
await session?.post('Profiler.start');
const second = await load(b, process.env.REUSE === '0' ? undefined : first.byFile);
if (session) await writeFile(process.env.PROFILE!, JSON.stringify((await session.post('Profiler.stop')).profile));
const t0 = performance.now();
first.catalog = undefined as never;
first.byFile = undefined as never;
gc();
const gcMs = Math.round(performance.now() - t0);
console.log(JSON.stringify({ first: first.t, reload: second.t, reloadGcMs: gcMs, heapMB: Math.round(heapBefore / 2 ** 20) }));
await shared.close();
process.exit(0);
