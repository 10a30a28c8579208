import { join } from 'node:path';
import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureBuild, ensureSyntheticCatalog, measureDir } from '../builds.ts';
import { readRss } from '../inspector.ts';
import { runLoad } from '../load.ts';
import { buildQueryPool } from '../queries.ts';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,10000,50000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

interface Step {
  count: number;
  buildS: number;
  distBytes: number;
  indexBytes: number;
  coldMs: number;
  rssStart: number;
  rssAfter: number;
  p50: number;
  p99: number;
  rps: number;
}

async function measureStep(count: number): Promise<Step> {
  const dist = `dist-bench-scale-${count}`;
  const buildS = ensureBuild(ensureSyntheticCatalog(count), dist, false)!;
  const t0 = performance.now();
  const server = await spawnServer({ DIST_DIR: dist, REST_RATE_LIMIT: '1000000000', LOG_LEVEL: 'silent' });
  await (await fetch(`${server.url}/api/v1/templates?limit=1`)).arrayBuffer();
  const coldMs = performance.now() - t0;
  const rssStart = readRss(server.pid);
  const pool = buildQueryPool(50_000);
  let i = 0;
  const next = () => `/api/v1/templates?q=${encodeURIComponent(pool[i++ % pool.length]!)}&limit=10`;
  try {
    await runLoad(server.url, { path: next() }, { seconds: 2, connections: 8, next });
    const r = await runLoad(server.url, { path: next() }, { seconds: SECONDS, connections: 8, next });
    return {
      count,
      buildS,
      distBytes: measureDir(join(dist, 'client')).bytes,
      indexBytes: measureDir(join(dist, 'client', 'data')).bytes,
      coldMs,
      rssStart,
      rssAfter: readRss(server.pid),
      p50: r.p50,
      p99: r.p99,
      rps: r.rps,
    };
  } finally {
    await server.stop();
  }
}

/** Catalogs of 1,000, 10,000 and 50,000 generated templates, with the growth from step to step. */
export async function runScaleSuite(): Promise<string> {
  const steps: Step[] = [];
  for (const count of SIZES) steps.push(await measureStep(count));
  const rows = steps.map((s, k) => {
    const prev = steps[k - 1];
    const g = (a: number, b: number | undefined) => (b ? ` (×${(a / b).toFixed(1)})` : '');
    return `| ${s.count.toLocaleString('en')} | ${s.buildS.toFixed(0)}${g(s.buildS, prev?.buildS)} | ${((s.buildS * 1000) / s.count).toFixed(2)} | ${mb(s.distBytes)}${g(s.distBytes, prev?.distBytes)} | ${mb(s.indexBytes)}${g(s.indexBytes, prev?.indexBytes)} | ${s.coldMs.toFixed(0)} | ${mb(s.rssStart)} / ${mb(s.rssAfter)} | ${s.rps.toFixed(0)} | ${s.p50} / ${s.p99} |`;
  });
  return [
    `Synthetic catalogs (scripts/generate-catalog.ts); search = distinct queries with limit=10 at 8 connections for ${SECONDS} s. Growth from the previous step in brackets.`,
    '',
    '| templates | build s | build ms per template | dist/client MB | data/ (catalog + index) MB | cold start ms | RSS MB at start / after load | search req/s | search p50 / p99 ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Goals: build ms per template within 1.5× from 1,000 to 50,000; search p99 < 50 ms and RSS < 500 MB at 50,000.',
  ].join('\n');
}
