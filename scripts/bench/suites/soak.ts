import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureBuild } from '../builds.ts';
import { readRss } from '../inspector.ts';
import { runMixedLoad, type MixedSpec } from '../load.ts';
import { buildQueryPool } from '../queries.ts';
import { readBuiltCatalog } from '../built-catalog.ts';

const WINDOWS = 6;
const WINDOW_SECONDS = Number(process.env.BENCH_SOAK_WINDOW ?? 10);
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

/** The soak mix: pages, get-one, distinct searches, studio-link and MCP tools/call. */
export function buildSoakMix(dist: string): MixedSpec[] {
  const templates = readBuiltCatalog(dist).templates;
  const queries = buildQueryPool(50_000);
  let n = 0;
  const pick = () => templates[n++ % templates.length]!;
  const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_templates', arguments: { query: 'launch', limit: 5 } } });
  return [
    { path: '/', next: () => `/templates/${pick().slug}` },
    { path: '/', next: () => `/api/v1/templates/${pick().id}` },
    { path: '/', next: () => `/api/v1/templates?q=${encodeURIComponent(queries[n++ % queries.length]!)}&limit=10` },
    { path: '/', next: () => `/api/v1/studio-link?template=${pick().id}&site=shop${n}.example.com` },
    { path: '/api/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: call },
  ];
}

/** 60 s of mixed traffic at 32 connections with limits raised, in 10 s windows. */
export async function runSoakSuite(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const server = await spawnServer({ DIST_DIR: dist, REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000', LOG_LEVEL: 'silent' });
  const rows: string[] = [];
  const rss: number[] = [];
  let failures = 0;
  try {
    const mix = buildSoakMix(dist);
    for (let w = 1; w <= WINDOWS; w++) {
      const r = await runMixedLoad(server.url, mix, { seconds: WINDOW_SECONDS, connections: 32 });
      rss.push(readRss(server.pid));
      failures += r.errors + r.non2xx;
      rows.push(`| ${(w - 1) * WINDOW_SECONDS}–${w * WINDOW_SECONDS} s | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} | ${mb(rss.at(-1)!)} |`);
    }
  } finally {
    await server.stop();
  }
  const growth = ((rss.at(-1)! - rss[0]!) / rss[0]!) * 100;
  return [
    `${WINDOWS * WINDOW_SECONDS} s of mixed traffic (template pages, get-one, distinct searches, studio-link, MCP tools/call) at 32 connections, rate limits raised.`,
    '',
    '| window | requests | req/s | p50 ms | p99 ms | errors + non-2xx | RSS MB |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Errors: **${failures}** (goal 0). RSS growth from the end of the first window to the end of the last: **${growth.toFixed(1)} %** (goal < 10 %).`,
  ].join('\n');
}
