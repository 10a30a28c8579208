import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCatalog } from '../../../src/core/catalog/catalog.ts';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureBuild, ensureSyntheticCatalog } from '../builds.ts';
import { runLoad } from '../load.ts';
import { CONNECTIONS, SECONDS, UNLIMITED, compareWithRoof, formatTableHead } from '../roof-compare.ts';
import { buildQueryPool } from '../queries.ts';
import { measureMcpRows } from './mcp.ts';
import { readBuiltCatalog, readBuiltIndex } from '../built-catalog.ts';

/** Distinct queries over 10,000 templates: the server against the same queries run in process. */
async function compareDistinctSearch(dist10k: string): Promise<string[]> {
  const pool = buildQueryPool(50_000);
  const data = readBuiltCatalog(dist10k);
  const catalog = createCatalog(data.categories, data.templates, readBuiltIndex(dist10k), data.filterWords, { topicalPairs: data.topicalPairs });
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

/** Runs the HTTP suite and returns its Markdown report. */
export async function runHttpSuite(): Promise<string> {
  const dist = 'dist-bench';
  const dist10k = 'dist-bench-10k';
  ensureBuild('templates', dist);
  ensureBuild(ensureSyntheticCatalog(10_000), dist10k);
  const server = await spawnServer({ ...UNLIMITED, DIST_DIR: dist });
  const rows: string[] = [];
  try {
    const catalog = readBuiltCatalog(dist);
    const t = catalog.templates[0]!;
    rows.push(await compareWithRoof(server.url, 'get-one (by id)', { path: `/api/v1/templates/${t.id}` }, '≥ 0.9'));
    rows.push(await compareWithRoof(server.url, 'page (template HTML, br)', { path: `/templates/${t.slug}`, headers: { 'accept-encoding': 'br' } }, '≥ 0.9'));
    rows.push(await compareWithRoof(server.url, 'search, repeated query', { path: '/api/v1/templates?q=launch&limit=10' }, '≥ 0.5'));
    rows.push(await compareWithRoof(server.url, 'studio-link', { path: `/api/v1/studio-link?template=${t.slug}&site=acme.com&format=16:9` }, '–'));
    rows.push(...(await measureMcpRows(server.url, { uri: t.markdownUrl! })));
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
