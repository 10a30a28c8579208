import { spawnServer } from '../../lib/spawn-server.ts';
import { ensureBuild } from '../builds.ts';
import { runLoad, type RequestSpec } from '../load.ts';
import { buildQueryPool } from '../queries.ts';
import { CONNECTIONS, SECONDS, UNLIMITED, compareWithRoof, formatTableHead } from '../roof-compare.ts';
import { readBuiltCatalog } from '../built-catalog.ts';
import { TOOL_NAMES } from '../../../src/core/tool-names.ts';

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
  const headers = { ...LEGACY_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name && { 'mcp-name': name }) };
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

/** What an agent's context receives for one answer: the JSON-RPC result's bytes and approximate tokens. */
async function weighAnswer(base: string, method: string, params: Record<string, unknown>, name: string): Promise<{ bytes: number; parts: string }> {
  const spec = buildMcpSpec('modern', method, params, name);
  const res = await fetch(new URL(spec.path, base), { method: 'POST', headers: spec.headers, body: spec.body });
  const body = (await res.json()) as { result?: Record<string, unknown>; error?: unknown };
  if (!body.result) throw new Error(`${method} ${name}: ${JSON.stringify(body.error)}`);
  const size = (v: unknown) => (v === undefined ? 0 : Buffer.byteLength(JSON.stringify(v)));
  const { content, structuredContent } = body.result as { content?: { type: string }[]; structuredContent?: unknown };
  const kinds = (t: string) => size(content?.filter((c) => c.type === t)) - 2;
  const parts = content ? `text ${kinds('text')}, structured ${size(structuredContent)}, links ${kinds('resource_link')}, images ${kinds('image')}` : '';
  return { bytes: size(body.result), parts };
}

/** Approximate tokens: 4 bytes a token, the usual rule of thumb for English and JSON. */
const toTokens = (bytes: number) => Math.round(bytes / 4);

/**
 * The context cost of the MCP surface (`node scripts/bench/suites/mcp.ts sizes`): what tools/list
 * and the catalog calls an agent makes put into its context, in bytes and approximate tokens.
 */
export async function measureMcpSizes(base: string, slug: string): Promise<string[]> {
  const { searchTemplates: search, getTemplate: get, studioLink: link } = TOOL_NAMES;
  const calls: [string, string, Record<string, unknown>, string][] = [
    ['tools/list', 'tools/list', {}, ''],
    [`${search} {} (default)`, 'tools/call', { name: search, arguments: {} }, search],
    [`${search} {query: "launch"}`, 'tools/call', { name: search, arguments: { query: 'launch' } }, search],
    [`${get} {id: "${slug}"}`, 'tools/call', { name: get, arguments: { id: slug } }, get],
    [`${link} {template: "${slug}"}`, 'tools/call', { name: link, arguments: { template: slug } }, link],
  ];
  const rows = ['| Answer | Bytes | ≈ tokens | Parts (bytes) |', '| --- | ---: | ---: | --- |'];
  let session = 0;
  for (const [label, method, params, name] of calls) {
    const { bytes, parts } = await weighAnswer(base, method, params, name);
    session += bytes;
    rows.push(`| ${label} | ${bytes} | ${toTokens(bytes)} | ${parts} |`);
  }
  rows.push(`| all of the above (one agent session) | ${session} | ${toTokens(session)} | |`);
  return rows;
}

/** A running server over the built sample catalog, for `run`. */
async function withSampleServer<T>(run: (url: string, slug: string, uri: string) => Promise<T>): Promise<T> {
  const dist = 'dist-bench';
  ensureBuild('templates', dist);
  const server = await spawnServer({ ...UNLIMITED, DIST_DIR: dist });
  try {
    const first = readBuiltCatalog(dist).templates[0]!;
    return await run(server.url, first.slug, first.markdownUrl!);
  } finally {
    await server.stop();
  }
}

/** The MCP rows alone (`npm run bench -- mcp`), over the sample catalog: sizes, then rates. */
export async function runMcpSuite(): Promise<string> {
  return withSampleServer(async (url, slug, uri) => {
    const sizes = await measureMcpSizes(url, slug);
    const rows = await measureMcpRows(url, { uri });
    return [...sizes, '', ...formatTableHead(), ...rows].join('\n');
  });
}

// `node scripts/bench/suites/mcp.ts sizes`: the size part alone (seconds, no load).
if (import.meta.main && process.argv[2] === 'sizes') console.log((await withSampleServer((url, slug) => measureMcpSizes(url, slug))).join('\n'));
