import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { readBuiltCatalog } from '../helpers/build-data.ts';

/** One request of the parity table: the kind of address, the path, and what the client sends. */
export interface ParityRow {
  kind: string;
  path: string;
  headers?: Record<string, string>;
  method?: string;
}

/** What a static shape must answer as the origin does (besides the status). */
export const PARITY_FIELDS = [
  'content-type', 'cache-control', 'vary', 'access-control-allow-origin', 'access-control-expose-headers', 'x-content-type-options', 'link', 'location',
  'content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'cross-origin-resource-policy',
] as const;

/** A field a shape cannot send as the origin does, for one kind of address, and why. */
export interface KnownDifference {
  kind: string;
  field: (typeof PARITY_FIELDS)[number] | 'status';
  reason: string;
}

/**
 * Every kind of static address, from the build: pages (and Markdown by Accept), twins, `.html`
 * addresses, template JSON by id and by slug, published files, well-known files, the redirect,
 * hashed assets, 404s, and the dynamic routes a static shape hands to the function.
 */
export function listParityRows(clientDir: string): ParityRow[] {
  const { templates } = readBuiltCatalog();
  const t = templates[0]!;
  const assets = readdirSync(join(clientDir, '_astro')).filter((f) => /\.(css|js)$/.test(f));
  const md = { Accept: 'text/markdown' };
  return [
    ...['/', '/docs', '/requests'].map((path) => ({ kind: 'page', path })),
    ...[`/templates/${t.slug}`, `/categories/${t.category}`].map((path) => ({ kind: 'page in a folder', path })),
    { kind: 'page by Accept', path: '/', headers: md },
    { kind: 'page in a folder by Accept', path: `/templates/${t.slug}`, headers: md },
    ...['/index.md', '/docs.md', '/sitemap.md'].map((path) => ({ kind: 'twin', path })),
    ...[`/templates/${t.slug}.md`, `/categories/${t.category}.md`].map((path) => ({ kind: 'twin in a folder', path })),
    ...['/index.html', '/docs.html', `/templates/${t.slug}.html`].map((path) => ({ kind: 'html address', path })),
    { kind: 'template JSON by id', path: `/api/v1/templates/${t.id}` },
    { kind: 'template JSON by slug', path: `/api/v1/templates/${t.slug}` },
    ...['/openapi.json', '/llms.txt', '/llms-full.txt', '/robots.txt', '/sitemap.xml', '/favicon.svg', '/data/catalog.json', `/posters/${t.slug}.svg`, '/mcp/server.json'].map((path) => ({ kind: 'published', path })),
    { kind: 'published', path: '/openapi.json', headers: { 'Accept-Encoding': 'gzip, br' } },
    ...['/.well-known/api-catalog', '/.well-known/ard.json', '/.well-known/ai-catalog.json', '/.well-known/mcp/server-card.json', '/.well-known/mcp/manifest.json', '/.well-known/security.txt', '/.well-known/agent-skills/index.json'].map((path) => ({ kind: 'well-known', path })),
    { kind: 'redirect', path: '/.well-known/mcp/catalog.json' },
    ...assets.slice(0, 2).map((f) => ({ kind: 'hashed asset', path: `/_astro/${f}` })),
    ...['/no-such-page', `/templates/no-such-${t.slug}`, '/templates/no-such.md', '/index.html.br', '/docs.md.gz', '/_headers', '/.assetsignore'].map((path) => ({ kind: '404', path })),
    // The packed data: in a Workers upload for the function's own reads, never an address.
    ...['/data/catalog/0.json.gz', '/data/catalog/0.rows.json.gz', '/data/search-index.bin.gz'].map((path) => ({ kind: '404', path })),
    ...['/_astro/no-such.js', '/posters/no-such.svg', '/data/no-such.json', '/.well-known/no-such', '/sitemaps/no-such.xml'].map((path) => ({ kind: '404 under a file route', path })),
    { kind: '404 by Accept', path: '/no-such-page', headers: md },
    { kind: 'API 404 (function)', path: '/api/v1/templates/no-such-template' },
    { kind: 'dynamic (function)', path: '/api/v1/templates?q=launch&limit=2' },
    { kind: 'search page (function)', path: '/search?q=launch' },
    { kind: 'dynamic (function)', path: '/api/nothing' },
    { kind: 'preflight (function)', path: `/templates/${t.slug}`, method: 'OPTIONS', headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'GET' } },
    { kind: '405 (function)', path: '/docs', method: 'DELETE' },
  ];
}

/** What one shape answered: the status and the parity fields. */
export interface ParityAnswer {
  status: number;
  fields: Record<string, string | null>;
}

/** Asks `base` the row's question (no redirect followed). */
export async function askRow(base: string, row: ParityRow): Promise<ParityAnswer> {
  const res = await fetch(`${base}${row.path}`, { method: row.method ?? 'GET', headers: row.headers ?? {}, redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, fields: Object.fromEntries(PARITY_FIELDS.map((f) => [f, res.headers.get(f)])) };
}

/**
 * Asks both shapes every row and asserts they answer alike, but for the known differences,
 * each of which must still show (a difference that went away is taken off the list).
 */
export async function expectSameAnswers(origin: string, host: string, rows: readonly ParityRow[], known: readonly KnownDifference[]): Promise<void> {
  const found: string[] = [];
  const seen = new Set<KnownDifference>();
  for (const row of rows) {
    const [a, b] = await Promise.all([askRow(origin, row), askRow(host, row)]);
    const label = `${row.kind} ${row.method ?? 'GET'} ${row.path}${row.headers ? ` ${JSON.stringify(row.headers)}` : ''}`;
    const fields: Record<string, string | null> = { ...a.fields, status: String(a.status) };
    const other: Record<string, string | null> = { ...b.fields, status: String(b.status) };
    for (const field of ['status', ...PARITY_FIELDS] as const) {
      if (fields[field] === other[field]) continue;
      const excuse = known.find((k) => k.kind === row.kind && k.field === field);
      if (excuse) seen.add(excuse);
      else found.push(`${label}: ${field} ${fields[field]} vs ${other[field]}`);
    }
  }
  expect(found).toEqual([]);
  expect(known.filter((k) => !seen.has(k)).map((k) => `${k.kind} ${k.field}`)).toEqual([]);
}
