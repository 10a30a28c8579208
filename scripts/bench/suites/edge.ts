import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readConfig } from '../../../src/config/read-config.ts';
import { startNginx, type RunningNginx } from '../../lib/nginx.ts';
import { spawnServer, type RunningServer } from '../../lib/spawn-server.ts';
import { readShippedConfig, startNodeFunction, startWorkerd, type RunningFunction } from '../../lib/start-function.ts';
import { readBuiltCatalog } from '../built-catalog.ts';
import { ensureBuild, ensureSyntheticCatalog, measureDir } from '../builds.ts';
import { writeFunctionData } from '../function-data.ts';
import { runWranglerDevRows } from '../wrangler-dev-large.ts';
import { describeTimes, measureWorkerdAlone, timeFirst } from '../workerd-cold-alone.ts';
import { HeapProbe, readRss } from '../inspector.ts';
import { runLoad, type LoadResult, type RequestSpec } from '../load.ts';
import { buildQueryPool } from '../queries.ts';
import { CONNECTIONS, SECONDS, UNLIMITED } from '../roof-compare.ts';


/** One row: the origin and nginx (the shipped template, one worker) answering the same request, runs alternating, the best of each kept (the machine is shared). */
async function compareStatic(origin: RunningServer, nginx: RunningNginx, label: string, spec: RequestSpec): Promise<string> {
  // Warm both: the origin's file cache holds the answer after its first request (every measured request is a hit); nginx reads the file each time (no open_file_cache).
  for (const base of [origin.url, nginx.url]) await (await fetch(base + spec.path, { headers: spec.headers })).arrayBuffer();
  const runs: { ours: LoadResult[]; host: LoadResult[] } = { ours: [], host: [] };
  for (let i = 0; i < 3; i++) {
    runs.ours.push(await runLoad(origin.url, spec, { seconds: SECONDS, connections: CONNECTIONS }));
    runs.host.push(await runLoad(nginx.url, spec, { seconds: SECONDS, connections: CONNECTIONS }));
  }
  const best = (xs: LoadResult[]) => xs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const [ours, host] = [best(runs.ours), best(runs.host)];
  const errors = [...runs.ours, ...runs.host].reduce((n, r) => n + r.errors + r.non2xx, 0);
  return `| ${label} | ${ours.rps.toFixed(0)} | ${ours.p99} | ${host.rps.toFixed(0)} | ${host.p99} | ${(host.rps / ours.rps).toFixed(2)} | ${errors} |`;
}

/**
 * Static serving: the origin (one Node process) and nginx with
 * deploy/nginx/catalog.conf.template (one worker, the origin as its function) serving the same
 * page and template JSON from the sample build, gzip asked, bounded load on loopback.
 */
async function runStaticRows(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const config = readConfig({ SITE_URL: 'http://localhost:4321' });
  const work = mkdtempSync(join(tmpdir(), 'bench-edge-'));
  const origin = await spawnServer({ ...UNLIMITED, DIST_DIR: dist });
  let nginx: RunningNginx | undefined;
  try {
    nginx = await startNginx(work, { CATALOG_ROOT: resolve(dist, 'client'), CATALOG_FUNCTION: origin.url, CATALOG_SITE_URL: config.SITE_URL, CATALOG_MEDIA_URL: config.MEDIA_URL, CATALOG_STUDIO_URL: config.STUDIO_URL });
    const t = readBuiltCatalog(dist).templates[0]!;
    const gzip = { 'accept-encoding': 'gzip' };
    const rows = [
      await compareStatic(origin, nginx, 'page (template HTML, gzip)', { path: `/templates/${t.slug}`, headers: gzip }),
      await compareStatic(origin, nginx, 'template JSON by id (gzip)', { path: `/api/v1/templates/${t.id}`, headers: gzip }),
    ];
    return [
      `Static serving, ${CONNECTIONS} connections, loopback, three ${SECONDS} s runs per side alternating, best kept; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end. The origin answers from its in-memory file cache (every measured request a hit); nginx (one worker) from the file system with gzip_static.`,
      '',
      '| static serving | origin req/s | origin p99 ms | nginx req/s | nginx p99 ms | nginx / origin | errors |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  } finally {
    await nginx?.stop();
    await origin.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
/** Limits out of the way: the bench measures serving, not refusing. */
export const LIFT = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000' };
export const lifted = (config: ReturnType<typeof readShippedConfig>) => {
  for (const r of config.ratelimits) r.simple.limit = 1_000_000_000;
  config.vars = { ...config.vars, ...LIFT };
};

/** The function bundle as `wrangler deploy --dry-run` writes it (offline), raw and gzipped. */
function measureBundle(dist: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'edge-bundle-'));
  try {
    const config = { ...readShippedConfig(), main: resolve('src/function/worker.ts') };
    config.assets = { ...config.assets, directory: resolve(dist, 'client') };
    delete config.$schema;
    writeFileSync(join(dir, 'wrangler.json'), JSON.stringify(config));
    execFileSync('npx', ['wrangler', 'deploy', '--config', join(dir, 'wrangler.json'), '--dry-run', '--outdir', join(dir, 'out')], { stdio: 'ignore', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' } });
    const bundle = readFileSync(join(dir, 'out', 'worker.js'));
    return `| function bundle (wrangler deploy --dry-run) | ${(bundle.length / 1024).toFixed(0)} KB, **${(gzipSync(bundle).length / 1024).toFixed(0)} KB gzipped** | ≤ 400 KB gzipped |`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first answers of 3 fresh workerds (wrangler dev started, nothing asked yet) to `path`: data through ASSETS, checks, index, answer. */
async function timeWorkerdFirst(dist: string, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let k = 0; k < 3; k++) {
    // A fresh instance, not probed: the request timed is the one that loads the data. The main
    // worker alone, as before the tail renderer: beside it, wrangler dev's first answer came
    // sooner under load (docs/scale.md), which says nothing of the worker.
    const fn = await startWorkerd(dist, { adjust: lifted, probe: false, tailRenderer: false });
    try {
      times.push(await timeFirst(fn, path));
    } finally {
      await fn.stop();
    }
  }
  return times;
}

/** Cold start on workerd: a first list and a first search, under `wrangler dev` and on `workerd serve` alone (workerd-cold-alone.ts). */
async function measureWorkerdCold(dist: string): Promise<string[]> {
  const asked: [string, string][] = [['a list', '/api/v1/templates?limit=1'], ['a search', '/api/v1/templates?q=launch%20video&limit=10']];
  const rows = [];
  for (const [what, path] of asked)
    rows.push(`| cold start on workerd, 10,000 templates, first request ${what} (fresh worker to first answer: packed data through ASSETS, checks, index) | ${describeTimes(await timeWorkerdFirst(dist, path))}; load average ${loadavg()[0]!.toFixed(1)} | ≤ 300 ms |`);
  return [...rows, ...(await measureWorkerdAlone(dist, lifted, asked, '10,000 templates', { starts: 3, goal: '≤ 300 ms' }))];
}

/** Warm list and search on one running function: p50/p99 of distinct queries and of the unfiltered first page. */
async function measureWarm(name: string, fn: RunningFunction): Promise<string[]> {
  const pool = buildQueryPool(20_000);
  let i = 0;
  const next = () => `/api/v1/templates?q=${encodeURIComponent(pool[i++ % pool.length]!)}&limit=10`;
  await runLoad(fn.url, { path: next() }, { seconds: 1, connections: 8, next });
  const search = await runLoad(fn.url, { path: next() }, { seconds: SECONDS, connections: CONNECTIONS, next });
  const list = await runLoad(fn.url, { path: '/api/v1/templates?limit=20' }, { seconds: SECONDS, connections: CONNECTIONS });
  return [
    `| warm search on ${name}, 10,000 templates (distinct queries, 8 connections) | p50 ${search.p50} ms, p99 ${search.p99} ms, ${search.rps.toFixed(0)} req/s, ${search.errors + search.non2xx} errors | – |`,
    `| warm list on ${name}, 10,000 templates (limit=20, 8 connections) | p50 ${list.p50} ms, p99 ${list.p99} ms, ${list.rps.toFixed(0)} req/s, ${list.errors + list.non2xx} errors | – |`,
  ];
}

/**
 * What a workerd isolate keeps once it has answered (a list, then searches): its V8 heap in use
 * and array buffers after a full collection, read through wrangler's inspector (the bundle's
 * own code, the search's lookups and its memos included).
 */
export async function measureWorkerdMemory(dist: string): Promise<number> {
  const fn = await startWorkerd(dist, { adjust: lifted, probe: false });
  try {
    const [target] = (await (await fetch(`http://127.0.0.1:${fn.inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
    const probe = await HeapProbe.connect(target!.webSocketDebuggerUrl, 'http://127.0.0.1');
    try {
      for (const q of ['', ...buildQueryPool(30)]) await (await fetch(`${fn.url}/api/v1/templates?limit=10${q ? `&q=${encodeURIComponent(q)}` : ''}`)).arrayBuffer();
      return await probe.heapKept();
    } finally {
      probe.close();
    }
  } finally {
    await fn.stop();
  }
}

/** `npm run function` over data files only: what it needs on disk, its start to first answer, its RSS. */
async function measureNodeFunction(dist: string, count: number): Promise<string> {
  const files = measureDir(join(dist, 'client'));
  const t0 = performance.now();
  const fn = await startNodeFunction({ DIST_DIR: dist, ...LIFT }, { timeoutMs: 600_000, probe: false });
  await (await fetch(`${fn.url}/api/v1/templates?limit=1`)).arrayBuffer();
  const coldMs = performance.now() - t0;
  const rss = readRss(fn.pid);
  await fn.stop();
  return `| function-only Node, ${count.toLocaleString('en')} templates | ${files.files} files, ${mb(files.bytes)} MB; spawn to first answer ${(coldMs / 1000).toFixed(2)} s; RSS ${mb(rss)} MB | data ≤ 1 GB |`;
}

/** The function rows of the edge suite: bundle, workerd cold start, warm answers on both runtimes, memory, a large Node instance. */
export async function runFunctionRows(): Promise<string[]> {
  const sizes = (process.env.BENCH_EDGE_SIZES ?? '10000,50000').split(',').map(Number);
  const data = Object.fromEntries(sizes.map((n) => [n, writeFunctionData(ensureSyntheticCatalog(n), `dist-bench-fn-${n}`)]));
  const dist10k = data[10_000]!;
  const rows = [measureBundle(dist10k), ...(await measureWorkerdCold(dist10k))];
  const workerd = await startWorkerd(dist10k, { adjust: lifted });
  try {
    rows.push(...(await measureWarm('workerd (wrangler dev)', workerd)));
  } finally {
    await workerd.stop();
  }
  const node = await startNodeFunction({ DIST_DIR: dist10k, ...LIFT });
  try {
    rows.push(...(await measureWarm('Node (npm run function)', node)));
  } finally {
    await node.stop();
  }
  const heaps: { n: number; bytes: number }[] = [];
  for (const n of sizes) heaps.push({ n, bytes: await measureWorkerdMemory(data[n]!) });
  const [small, large] = [heaps[0]!, heaps.at(-1)!];
  const measured = heaps.map((h) => `${h.n.toLocaleString('en')}: ${mb(h.bytes)} MB`).join('; ');
  const row = '| a workerd isolate after its first answers (heap in use and array buffers after a full collection, through the inspector) |';
  // The line through two sizes says what a template costs and how many fit; one size (BENCH_EDGE_SIZES) cannot.
  if (large.n === small.n) rows.push(`${row} ${measured} | – |`);
  else {
    const perTemplate = (large.bytes - small.bytes) / (large.n - small.n);
    const fixed = small.bytes - perTemplate * small.n;
    const fits = Math.floor((128 * 1024 * 1024 - fixed) / perTemplate);
    rows.push(
      `${row} ${measured} (${(perTemplate / 1024).toFixed(2)} KB a template, ${mb(fixed)} MB besides) | – |`,
      `| largest catalog within a 128 MB isolate (the line above, extended) | **~${(Math.floor(fits / 1000) * 1000).toLocaleString('en')} templates** | – |`,
    );
  }
  for (const n of sizes.slice(1)) rows.push(await measureNodeFunction(data[n]!, n));
  return rows;
}

/** Runs the edge suite (static serving, the function's rows, `wrangler dev` over a 10,000-template build; `BENCH_EDGE_PARTS=static`, `function` or `wrangler` runs one) and returns its Markdown report. */
export async function runEdgeSuite(): Promise<string> {
  const parts = (process.env.BENCH_EDGE_PARTS ?? 'static,function,wrangler').split(',');
  const staticRows = parts.includes('static') ? [await runStaticRows(), ''] : [];
  const functionRows = parts.includes('function') ? ['The function (src/function): workerd through `wrangler dev` (the local emulation of the platform, ASSETS included), Node through `npm run function`; synthetic catalogs (scripts/generate-catalog.ts) as data files only (scripts/bench/function-data.ts).', '', '| function | result | goal |', '|---|---|---|', ...(await runFunctionRows())] : [];
  const wranglerRows = parts.includes('wrangler') ? ['', '| wrangler dev over a whole build | result | goal |', '|---|---|---|', ...(await runWranglerDevRows())] : [];
  return [...staticRows, ...functionRows, ...wranglerRows].join('\n');
}
