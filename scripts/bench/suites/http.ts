import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCatalog } from '../../../src/core/catalog/catalog.ts';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { loadSearchIndex } from '../../../src/core/search/search-index.ts';
import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureBuild, ensureSyntheticCatalog } from '../builds.ts';
import { captureAnswer, startRoof } from '../capture.ts';
import { runLoad, type LoadResult, type RequestSpec } from '../load.ts';
import { buildQueryPool } from '../queries.ts';
import { measureMcpRows } from './mcp.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
export const CONNECTIONS = 8;
/** Limits out of the way: the bench measures serving, not refusing. */
export const UNLIMITED = { REST_RATE_LIMIT: '1000000000', MCP_RATE_LIMIT: '1000000000', LOG_LEVEL: 'silent' };

const row = (name: string, ours: LoadResult, roof: LoadResult | null, goal: string) =>
  `| ${name} | ${ours.rps.toFixed(0)} | ${ours.p99} | ${roof ? roof.rps.toFixed(0) : '–'} | ${roof ? (ours.rps / roof.rps).toFixed(3) : '–'} | ${goal} | ${ours.errors + ours.non2xx} |`;

const best = (a: LoadResult, b: LoadResult) => (b.rps > a.rps ? b : a);

/**
 * Measures one scenario against its roof (same bytes from a bare node:http server) in the same
 * run. Roof and ours alternate twice and each keeps its better run, so a burst of outside load
 * during one run does not decide the ratio.
 */
export async function compareWithRoof(base: string, name: string, spec: RequestSpec, goal: string): Promise<string> {
  const roof = await startRoof(await captureAnswer(base, spec));
  const opts = { seconds: SECONDS, connections: CONNECTIONS };
  try {
    await runLoad(roof.url, spec, { ...opts, seconds: 1 }); // warm-up both
    await runLoad(base, spec, { ...opts, seconds: 1 });
    let roofResult = await runLoad(roof.url, spec, opts);
    let ours = await runLoad(base, spec, opts);
    roofResult = best(roofResult, await runLoad(roof.url, spec, opts));
    ours = best(ours, await runLoad(base, spec, opts));
    return row(name, ours, roofResult, goal);
  } finally {
    roof.stop();
  }
}

/** Distinct queries over 10,000 templates: the server against the same queries run in process. */
async function compareDistinctSearch(dist10k: string): Promise<string[]> {
  const pool = buildQueryPool(50_000);
  const data = JSON.parse(readFileSync(join(dist10k, 'client/data/catalog.json'), 'utf8'));
  const catalog = createCatalog(data.categories, data.templates, loadSearchIndex(readFileSync(join(dist10k, 'client/data/search-index.json'), 'utf8')), data.filterWords);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < SECONDS * 1000) {
    JSON.stringify(listTemplates(catalog, { q: pool[n++ % pool.length], limit: 10 }));
  }
  const inProcess = n / ((performance.now() - t0) / 1000);
  const server = await spawnServer({ ...UNLIMITED, DIST_DIR: dist10k });
  try {
    let i = 0;
    const next = () => `/api/v1/templates?q=${encodeURIComponent(pool[i++ % pool.length]!)}&limit=10`;
    await runLoad(server.url, { path: next() }, { seconds: 1, connections: CONNECTIONS, next });
    const ours = await runLoad(server.url, { path: next() }, { seconds: SECONDS, connections: CONNECTIONS, next });
    return [
      `| search, distinct queries, 10,000 templates | ${ours.rps.toFixed(0)} | ${ours.p99} | ${inProcess.toFixed(0)} (in process) | ${(ours.rps / inProcess).toFixed(3)} | ≥ 0.8, p99 < 25 ms | ${ours.errors + ours.non2xx} |`,
    ];
  } finally {
    await server.stop();
  }
}

/** Process start to first answer, median of three, over the 10,000-template build. */
async function measureColdStart(dist10k: string): Promise<string> {
  const times: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const server = await spawnServer({ ...UNLIMITED, DIST_DIR: dist10k });
    const res = await fetch(`${server.url}/api/v1/templates?limit=1`);
    times.push(performance.now() - t0);
    await res.arrayBuffer();
    await server.stop();
  }
  times.sort((a, b) => a - b);
  return `Cold start (spawn to first answer, 10,000 templates, median of 3): **${times[1]!.toFixed(0)} ms** (goal < 1000 ms); runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms`;
}

/** The explanation and head of the roof table. */
export function formatTableHead(): string[] {
  return [
    `${CONNECTIONS} connections, loopback. The roof is a bare node:http server replaying our exact answer (same bytes and headers) in the same run; roof and ours alternate, two ${SECONDS} s runs each, best run kept.`,
    '',
    '| scenario | ours req/s | ours p99 ms | roof req/s | ratio | goal | errors |',
    '|---|---|---|---|---|---|---|',
  ];
}

/** Runs the HTTP suite and returns its Markdown report. */
export async function runHttpSuite(): Promise<string> {
  const dist = 'dist-bench';
  const dist10k = 'dist-bench-10k';
  ensureBuild('templates', dist);
  ensureBuild(ensureSyntheticCatalog(10_000), dist10k);
  const server = await spawnServer({ ...UNLIMITED, DIST_DIR: dist });
  const rows: string[] = [];
  try {
    const catalog = JSON.parse(readFileSync(join(dist, 'client/data/catalog.json'), 'utf8'));
    const t = catalog.templates[0];
    rows.push(await compareWithRoof(server.url, 'get-one (by id)', { path: `/api/v1/templates/${t.id}` }, '≥ 0.7'));
    rows.push(await compareWithRoof(server.url, 'page (template HTML, br)', { path: `/templates/${t.slug}`, headers: { 'accept-encoding': 'br' } }, '≥ 0.7'));
    rows.push(await compareWithRoof(server.url, 'search, repeated query', { path: '/api/v1/templates?q=launch&limit=10' }, '≥ 0.5'));
    rows.push(await compareWithRoof(server.url, 'studio-link', { path: `/api/v1/studio-link?template=${t.slug}&site=acme.com&format=16:9` }, '–'));
    rows.push(...(await measureMcpRows(server.url, { uri: t.markdownUrl })));
  } finally {
    await server.stop();
  }
  rows.push(...(await compareDistinctSearch(dist10k)));
  const cold = await measureColdStart(dist10k);
  return [
    ...formatTableHead(),
    ...rows,
    '',
    cold,
  ].join('\n');
}
