import type { WireRequest } from '../helpers/http-wire.ts';
import type { Prng } from '../../scripts/lib/prng.ts';

/** What generators draw from: the random source and real names from the test build. */
export interface FuzzContext {
  rng: Prng;
  /** Template ids and slugs that exist. */
  refs: readonly string[];
  slugs: readonly string[];
  categories: readonly string[];
}

/** One generated request and what it is allowed to end in. */
export interface FuzzCase {
  /** The family it belongs to (the report counts per kind). */
  kind: string;
  request: WireRequest;
  /** The server may close without answering (CONNECT has no handler: Node drops the socket). */
  mayCloseSilently?: boolean;
}

/** A generator: `count` cases of one kind. */
export type CaseGenerator = (ctx: FuzzContext) => FuzzCase;

/** Query parameters each endpoint reads (REST, on-demand pages). */
export const QUERY_PARAMS: Record<string, readonly string[]> = {
  '/api/v1/templates': ['q', 'category', 'tier', 'format', 'limit', 'offset'],
  '/api/v1/studio-link': ['template', 'site', 'format'],
  '/search': ['q', 'category', 'tier', 'format', 'page'],
  '/search.md': ['q', 'category', 'tier', 'format', 'page'],
  '/studio': ['template', 'site', 'format'],
};

/** A plausible value for a parameter, so that a broken one is the only thing wrong. */
export function sampleValue(ctx: FuzzContext, name: string): string {
  const { rng } = ctx;
  switch (name) {
    case 'q': return rng.pick(['launch', 'neon countdown', 'webinar', 'promo', 'a']);
    case 'category': return rng.pick(ctx.categories);
    case 'tier': return rng.pick(['free', 'premium']);
    case 'format': return rng.pick(['16:9', '9:16', '16%3A9']);
    case 'limit': return String(rng.between(1, 100));
    case 'offset': case 'page': return String(rng.between(0, 5));
    case 'template': return rng.pick(ctx.refs);
    case 'site': return rng.pick(['acme.com', 'https://www.example.org/x', 'b%C3%BCcher.de']);
    default: return 'x';
  }
}

/** Every path the fuzz aims at: REST, MCP, other /api, on-demand and prerendered pages, files. */
export function listPaths(ctx: FuzzContext): string[] {
  const slug = ctx.rng.pick(ctx.slugs);
  return [
    '/api/v1/templates', `/api/v1/templates/${ctx.rng.pick(ctx.refs)}`, '/api/v1/studio-link', '/api/mcp', '/api', '/api/v1',
    '/api/v2/templates', '/api/mcp/extra', '/', '/search', '/search.md', '/studio', `/templates/${slug}`, `/templates/${slug}.md`,
    `/categories/${ctx.rng.pick(ctx.categories)}`, '/docs', '/requests', '/index.md', '/llms.txt', '/openapi.json', '/robots.txt',
    '/sitemap.xml', '/.well-known/security.txt', '/.well-known/api-catalog', '/.well-known/mcp/manifest.json', '/data/catalog.json',
    '/healthz', '/no-such-page',
  ];
}

/** A random path, with a valid query when the endpoint takes one. */
export function samplePathWithQuery(ctx: FuzzContext): string {
  const path = ctx.rng.pick(listPaths(ctx));
  const params = QUERY_PARAMS[path];
  if (!params || ctx.rng.chance(0.3)) return path;
  const chosen = params.filter(() => ctx.rng.chance(0.5));
  if (path.endsWith('studio-link') || path === '/studio') chosen.unshift('template');
  return chosen.length ? `${path}?${chosen.map((n) => `${n}=${sampleValue(ctx, n)}`).join('&')}` : path;
}

/** A JSON-RPC request MCP answers normally; the generators break one part of it. */
export function sampleMcpMessage(ctx: FuzzContext): Record<string, unknown> {
  const { rng } = ctx;
  const id = rng.between(1, 1000);
  const call = (name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  return rng.pick([
    () => ({ jsonrpc: '2.0', id, method: 'ping' }),
    () => ({ jsonrpc: '2.0', id, method: 'tools/list' }),
    () => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } } }),
    () => call('search_templates', { query: sampleValue(ctx, 'q'), limit: rng.between(1, 20) }),
    () => call('get_template', { id: rng.pick(ctx.refs) }),
    () => call('studio_link', { template: rng.pick(ctx.refs), site: sampleValue(ctx, 'site') }),
  ])();
}

/** Headers of a well-formed MCP POST. */
export const MCP_HEADERS: [string, string][] = [
  ['Content-Type', 'application/json'],
  ['Accept', 'application/json, text/event-stream'],
];
