import { readdirSync, readFileSync } from 'node:fs';
import { spawnServer } from '../../lib/spawn-server.ts';
import { startNodeFunction, startWorkerd, type ShippedConfig } from '../../lib/start-function.ts';
import { ensureBuild } from '../builds.ts';
import { readBuiltCatalog } from '../built-catalog.ts';
import { HeapProbe, readRss } from '../inspector.ts';
import { buildQueryPool } from '../queries.ts';
import { startWorkerdWithoutInspector } from '../workerd-quiet.ts';

const LIFT = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000' };
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 20_000);
const LANES = 8;

/** The workerd process wrangler dev started (its process group is wrangler's pid). */
function findWorkerd(groupLeader: number): number {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === groupLeader && stat.includes('(workerd)')) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no workerd process in group ${groupLeader}`);
}

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

/**
 * RSS of `pid` before and after REQUESTS distinct pages (a warm-up of 300 first), as one table
 * row; with `heapKept`, also the heap kept after a full collection before and after.
 */
async function measure(name: string, base: string, pid: number, ids: readonly string[], heapKept?: () => Promise<number>): Promise<string> {
  await sendPages(base, 300, ids);
  await new Promise((r) => setTimeout(r, 1000));
  const before = readRss(pid);
  const heapBefore = await heapKept?.();
  const t0 = performance.now();
  const failed = await sendPages(base, REQUESTS, ids);
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const after = readRss(pid);
  const heap = heapKept ? `${mb(heapBefore!)} → ${mb(await heapKept())}` : '–';
  return `| ${name} | ${mb(before)} | ${mb(after)} | **${mb(after - before)}** | ${heap} | ${REQUESTS.toLocaleString('en')} in ${seconds.toFixed(0)} s (${failed} not 2xx/3xx) |`;
}

/**
 * Memory under load, every runtime: RSS before and after 20,000 distinct /search, /search.md and
 * /studio requests (a third each), on the sample build, for the origin, the Node function
 * (`npm run function` with the build's server entry) and workerd: the workerd process wrangler
 * runs with its inspector off (`workerd`, the figure held to the goal) and under `wrangler dev`
 * (`wrangler-dev`, whose inspector stays attached), with the isolate's heap kept after a full
 * collection read through that inspector. Goal: growth under 50 MB each.
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
      rows.push(await measure('origin (npm run serve)', server.url, server.pid, ids));
    } finally {
      await server.stop();
    }
  }
  if (shapes.includes('function')) {
    const fn = await startNodeFunction({ DIST_DIR: dist, LOG_LEVEL: 'warn', ...LIFT });
    try {
      rows.push(await measure('Node function (npm run function)', fn.url, fn.pid, ids));
    } finally {
      await fn.stop();
    }
  }
  const lift = (c: ShippedConfig) => {
    for (const r of c.ratelimits) r.simple.limit = 1_000_000_000;
    c.vars = { ...c.vars, ...LIFT };
  };
  if (shapes.includes('workerd')) {
    const fn = await startWorkerdWithoutInspector(dist, lift);
    try {
      rows.push(await measure('workerd (wrangler\'s API, inspector off)', fn.url, fn.pid, ids));
    } finally {
      await fn.stop();
    }
  }
  if (shapes.includes('wrangler-dev')) {
    const fn = await startWorkerd(dist, { adjust: lift });
    const [target] = (await (await fetch(`http://127.0.0.1:${fn.inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
    const probe = await HeapProbe.connect(target!.webSocketDebuggerUrl, 'http://127.0.0.1');
    try {
      rows.push(await measure('workerd under wrangler dev (its inspector attached)', fn.url, findWorkerd(fn.pid), ids, () => probe.heapKept()));
    } finally {
      probe.close();
      await fn.stop();
    }
  }
  return ['RSS before and after distinct page requests (`npm run bench -- memory`); goal: growth < 50 MB each.', '', '| runtime | RSS before (MB) | after (MB) | growth (MB) | isolate heap kept (MB) | requests |', '|---|---|---|---|---|---|', ...rows].join('\n');
}
