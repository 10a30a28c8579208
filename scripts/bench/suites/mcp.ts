import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureBuild } from '../builds.ts';
import { runLoad, type RequestSpec } from '../load.ts';
import { buildQueryPool } from '../queries.ts';
import { CONNECTIONS, SECONDS, UNLIMITED, compareWithRoof, formatTableHead } from '../roof-compare.ts';

const GOAL = '≥ 0.15';
const LEGACY_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A 2025-era request (after the handshake: no _meta) or a 2026-07-28 one (_meta and the Mcp-* headers). */
export function buildMcpSpec(era: 'modern' | 'legacy', method: string, params: Record<string, unknown>, name: string): RequestSpec {
  if (era === 'legacy') return { path: '/api/mcp', method: 'POST', headers: LEGACY_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) };
  const headers = { ...LEGACY_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, 'mcp-name': name };
  return { path: '/api/mcp', method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } }) };
}

/**
 * 2026-07-28 searches that all differ (queries of the bench pool), so every answer misses the
 * answer memo: search and Markdown on top of the protocol. Answers differ in size, so there is
 * no roof to compare with; the row shows what the memo saves next to the repeated-query row.
 */
async function measureDistinctSearches(base: string): Promise<string> {
  const pool = buildQueryPool(20_000);
  let i = 0;
  const call = (query: string) => buildMcpSpec('modern', 'tools/call', { name: 'search_templates', arguments: { query } }, 'search_templates');
  const nextBody = () => call(pool[i++ % pool.length]!).body!;
  const opts = { seconds: SECONDS, connections: CONNECTIONS, nextBody };
  await runLoad(base, call('launch'), { ...opts, seconds: 1 });
  const ours = await runLoad(base, call('launch'), opts);
  return `| MCP 2026-07-28 tools/call search_templates, distinct queries (every answer a memo miss) | ${ours.rps.toFixed(0)} | ${ours.p99} | – | – | – | ${ours.errors + ours.non2xx} |`;
}

/** The MCP rows: tools/call search_templates and resources/read of a template, in both eras, each against its roof. */
export async function measureMcpRows(base: string, slugOrUri: { uri: string }): Promise<string[]> {
  const rows: string[] = [];
  const search = { name: 'search_templates', arguments: { query: 'launch' } };
  for (const era of ['modern', 'legacy'] as const) {
    const label = era === 'modern' ? '2026-07-28' : '2025-11-25';
    rows.push(await compareWithRoof(base, `MCP ${label} tools/call search_templates`, buildMcpSpec(era, 'tools/call', search, 'search_templates'), GOAL));
    rows.push(await compareWithRoof(base, `MCP ${label} resources/read (template Markdown)`, buildMcpSpec(era, 'resources/read', slugOrUri, slugOrUri.uri), GOAL));
  }
  rows.push(await measureDistinctSearches(base));
  return rows;
}

/** The MCP rows alone (`npm run bench -- mcp`), over the sample catalog. */
export async function runMcpSuite(): Promise<string> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const server = await spawnServer({ ...UNLIMITED, DIST_DIR: dist });
  try {
    const catalog = JSON.parse(readFileSync(join(dist, 'client/data/catalog.json'), 'utf8'));
    const rows = await measureMcpRows(server.url, { uri: catalog.templates[0].markdownUrl });
    return [...formatTableHead(), ...rows].join('\n');
  } finally {
    await server.stop();
  }
}
