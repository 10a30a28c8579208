import { spawnServer } from '../../lib/spawn-server.ts';
import { startNodeFunction, startWorkerd, type ShippedConfig } from '../../lib/start-function.ts';
import { ensureBuild } from '../builds.ts';
import { readBuiltCatalog } from '../built-catalog.ts';
import { HeapProbe, readRss } from '../inspector.ts';
import { buildQueryPool } from '../queries.ts';
import { findWorkerds, startWorkerdWithoutInspector } from '../workerd-quiet.ts';

const LIFT = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000' };
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 20_000);
const LANES = 8;

/** `count` distinct page requests, in turn /search, /search.md and /studio, `LANES` at a time; how many were not 2xx/3xx. */
async function sendPages(base: string, count: number, ids: readonly string[]): Promise<number> {
  const queries = buildQueryPool(count);
  let next = 0;
  let failed = 0;
  const lane = async () => {
    for (let n = next++; n < count; n = next++) {
      const q = encodeURIComponent(`${queries[n % queries.length]} ${n}`);
      const path = n % 3 === 0 ? `/search?q=${q}` : n % 3 === 1 ? `/search.md?q=${q}` : `/studio?template=${ids[n % ids.length]}&site=site${n}.example.com`;
      const res = await fetch(base + path, { redirect: 'manual' }).catch(() => undefined);
      if (!res || res.status >= 400) failed++;
      await res?.arrayBuffer().catch(() => {});
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return failed;
}

/** The process measured, found once it has answered (wrangler starts its workerd processes with the first request), and wrangler's proxy workerd if any. */
type Measured = () => { pid: number; proxy?: number };

/**
 * RSS of the measured process before and after REQUESTS distinct pages (a warm-up of 300 first),
 * as one table row; also the proxy's growth, and with `heapKept` the heap kept after a full
 * collection before and after.
 */
async function measure(name: string, base: string, ids: readonly string[], measured: Measured, heapKept?: () => Promise<number>): Promise<string> {
  await sendPages(base, 300, ids);
  await new Promise((r) => setTimeout(r, 1000));
  const { pid, proxy } = measured();
  const [before, proxyBefore] = [readRss(pid), proxy ? readRss(proxy) : 0];
  const heapBefore = await heapKept?.();
  const t0 = performance.now();
  const failed = await sendPages(base, REQUESTS, ids);
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const after = readRss(pid);
  const proxyGrowth = proxy ? mb(readRss(proxy) - proxyBefore) : '–';
  const heap = heapKept ? `${mb(heapBefore!)} → ${mb(await heapKept())}` : '–';
  return `| ${name} | ${mb(before)} | ${mb(after)} | **${mb(after - before)}** | ${proxyGrowth} | ${heap} | ${REQUESTS.toLocaleString('en')} in ${seconds.toFixed(0)} s (${failed} not 2xx/3xx) |`;
}

/**
 * Memory under load, every runtime: RSS before and after 20,000 distinct /search, /search.md and
 * /studio requests (a third each), on the sample build, for the origin, the Node function
 * (`npm run function` with the build's server entry) and workerd. wrangler runs workerd as two
 * processes, its proxy worker and the runtime; the row is the runtime's, the proxy's growth beside
 * it. `workerd`: the worker and, as the control, a one-line worker, through wrangler's API with
 * its inspector off; `wrangler-dev`: under `wrangler dev` (inspector attached), with the isolate's
 * heap kept after a full collection read through it. Goal: growth under 50 MB each.
 * `BENCH_MEMORY_SHAPES=origin,function,workerd,wrangler-dev` picks which (default: all).
 */
export async function runMemorySuite(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const ids = readBuiltCatalog(dist).templates.map((t) => t.id);
  const shapes = (process.env.BENCH_MEMORY_SHAPES ?? 'origin,function,workerd,wrangler-dev').split(',');
  const rows: string[] = [];
  if (shapes.includes('origin')) {
    const server = await spawnServer({ DIST_DIR: dist, LOG_LEVEL: 'warn', ...LIFT });
    try {
      rows.push(await measure('origin (npm run serve)', server.url, ids, () => ({ pid: server.pid })));
    } finally {
      await server.stop();
    }
  }
  if (shapes.includes('function')) {
    const fn = await startNodeFunction({ DIST_DIR: dist, LOG_LEVEL: 'warn', ...LIFT });
    try {
      rows.push(await measure('Node function (npm run function)', fn.url, ids, () => ({ pid: fn.pid })));
    } finally {
      await fn.stop();
    }
  }
  const lift = (c: ShippedConfig) => {
    for (const r of c.ratelimits) r.simple.limit = 1_000_000_000;
    c.vars = { ...c.vars, ...LIFT };
  };
  for (const [shape, name, oneLine] of [['workerd', 'workerd, the worker (wrangler\'s API, inspector off)', false], ['workerd', 'workerd, a one-line worker (the control)', true]] as const) {
    if (!shapes.includes(shape)) continue;
    const fn = await startWorkerdWithoutInspector(dist, lift, oneLine);
    try {
      rows.push(await measure(name, fn.url, ids, () => { const w = findWorkerds(process.pid, 'parent', fn.port); return { pid: w.runtime, proxy: w.proxy }; }));
    } finally {
      await fn.stop();
    }
  }
  if (shapes.includes('wrangler-dev')) {
    const fn = await startWorkerd(dist, { adjust: lift });
    const [target] = (await (await fetch(`http://127.0.0.1:${fn.inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
    const probe = await HeapProbe.connect(target!.webSocketDebuggerUrl, 'http://127.0.0.1');
    try {
      const port = Number(new URL(fn.url).port);
      rows.push(await measure('workerd under wrangler dev (its inspector attached)', fn.url, ids, () => { const w = findWorkerds(fn.pid, 'group', port); return { pid: w.runtime, proxy: w.proxy }; }, () => probe.heapKept()));
    } finally {
      probe.close();
      await fn.stop();
    }
  }
  return ['RSS before and after distinct page requests (`npm run bench -- memory`); goal: growth < 50 MB each.', '', '| runtime | RSS before (MB) | after (MB) | growth (MB) | wrangler\'s proxy workerd growth (MB) | isolate heap kept (MB) | requests |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}
