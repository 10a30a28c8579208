import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { complete } from '../../../src/contracts/mcp/completion.ts';
import { COMPLETION_VALUE_MAX } from '../../../src/contracts/mcp/input-bounds.ts';
import { loadFunctionData } from '../../../src/function/load-function-data.ts';
import { boundMcpMessage } from '../../../src/http/mcp/bound-mcp-message.ts';
import { createRestAnswers } from '../../../src/http/api/rest-answers.ts';
import { serveMcpMessage } from '../../../src/http/mcp/serve-mcp-message.ts';
import { toSdkRequest } from '../../../src/http/mcp/mcp-request.ts';
import { readConfig } from '../../../src/config/read-config.ts';
import { createMcpServer } from '../../../src/server/mcp/create-mcp-server.ts';
import { ensureSyntheticCatalog } from '../builds.ts';
import { writeFunctionData } from '../function-data.ts';

/** CPU milliseconds (user + system) of this process while `run` runs, with its result's size in bytes when it has one. */
async function cpuMs(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

/** The median of `times` runs of `run` (each a fresh input from `make(i)`). */
async function medianCpu(times: number, run: (i: number) => unknown): Promise<number> {
  const all: number[] = [];
  for (let i = 0; i < times; i++) all.push(await cpuMs(() => run(i)));
  return all.sort((a, b) => a - b)[Math.floor(all.length / 2)]!;
}

const LONGEST_Q = 'free vertical launch promo countdown with music under 30 seconds for a coffee shop grand opening sale and a product reveal teaser with logo animation and bold kinetic typography in 9:16 for reels';

/**
 * The worst single request at 10,000 templates, in CPU ms of the one process answering it, measured
 * in process (no socket, no other load): the longest `q` the rule allows (200 characters, distinct
 * each time so no cache helps), a completion value of 200 characters, a batch as large as the MCP
 * bucket lets through (60 messages of search_templates), and the list without `limit` (the whole
 * catalog), first and repeated (its reply is kept per variant).
 */
export async function runWorstSuite(): Promise<string> {
  const count = Number(process.env.BENCH_WORST_COUNT ?? 10_000);
  const dist = writeFunctionData(ensureSyntheticCatalog(count), `dist-bench-fn-${count}`);
  const dataDir = join(dist, 'client');
  const data = await loadFunctionData({ where: dataDir, read: (path) => readFile(join(dataDir, path)).catch(() => undefined) });
  const config = { ...readConfig({ SITE_URL: data.siteUrl }), SITE_URL: data.siteUrl };
  const { catalog } = data;
  catalog.prepareSearch();
  const rest = createRestAnswers(catalog, config);
  const q = (i: number) => `${LONGEST_Q.slice(0, 196)} v${i}`.slice(0, 200);
  const rows: string[] = [];
  const row = (kind: string, ms: number, note: string) => rows.push(`| ${kind} | ${ms.toFixed(1)} | ${note} |`);

  row('REST list, longest `q` (200 characters), paged (limit=10)', await medianCpu(9, (i) => rest.list({ path: '', search: `?q=${encodeURIComponent(q(i))}&limit=10`, param: '' })), 'distinct each time');
  row('REST list, longest `q`, no `limit` (every match)', await medianCpu(5, (i) => rest.list({ path: '', search: `?q=${encodeURIComponent(q(i + 100))}`, param: '' })), 'distinct each time');
  row('completion/complete, a 200-character value', await medianCpu(9, (i) => complete(catalog, config.SITE_URL, { ref: { type: 'ref/resource', uri: `${config.SITE_URL}/templates/{slug}.md` }, argument: { name: 'slug', value: q(i + 200) } })), 'the longest the q rule allows');
  row('completion/complete, a 900 KB value', await medianCpu(5, (i) => boundMcpMessage({ jsonrpc: '2.0', id: i, method: 'completion/complete', params: { argument: { value: 'x'.repeat(900_000) } } })), 'refused before any search (invalid_params)');

  const serving = { key: catalog, createServer: () => createMcpServer({ catalog, config }), report: () => {} };
  const batch = (i: number) => Array.from({ length: 60 }, (_, n) => ({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'search_templates', arguments: { query: q(i * 60 + n + 300).slice(0, 120) } } }));
  const headers = (name: string) => ({ 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' })[name];
  row('MCP batch of 60 search_templates (the whole MCP bucket of a minute)', await medianCpu(3, async (i) => (await serveMcpMessage(toSdkRequest('POST', headers), batch(i), serving)).arrayBuffer()), 'distinct queries; each message counted against the bucket');

  const first = await cpuMs(() => rest.list({ path: '', search: '', param: '' }));
  const repeat = await medianCpu(9, () => rest.list({ path: '', search: '', param: '' }));
  const size = rest.list({ path: '', search: '', param: '' }).body.length;
  row('REST list without `limit` (the whole catalog), first', first, `${(size / 1024 / 1024).toFixed(1)} MB; kept per variant from its first answer`);
  row('REST list without `limit`, repeated', repeat, 'from the reply kept');
  const tierFirst = await cpuMs(() => rest.list({ path: '', search: '?tier=free', param: '' }));
  row('REST list without `limit`, another variant (tier=free), first', tierFirst, 'then kept too');
  return [`Worst single request at ${count.toLocaleString('en')} templates, CPU ms in process (median; \`npm run bench -- worst\`). Goal: each ≤ 50 ms, or kept where it cannot be.`, '', '| request | CPU ms | note |', '|---|---|---|', ...rows].join('\n');
}
