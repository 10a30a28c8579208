import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuerySchema } from '../../src/schemas/queries.ts';
import type { TemplateList } from '../../src/schemas/responses.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

let server: RunningApp;
const catalog = readBuiltCatalog();

beforeAll(async () => {
  server = await startApp({ REST_RATE_LIMIT: '100000' });
});
afterAll(() => server.stop());

/** The bytes as sent (fetch would decompress them). */
function getBytes(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

async function list(query: string) {
  const res = await server.request(`/api/v1/templates${query}`);
  return { res, body: (await res.json()) as TemplateList & { error?: string; message?: string } };
}

describe('GET /api/v1/templates', () => {
  it('returns every template, newest first, with count, total and facets', async () => {
    const { res, body } = await list('');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(body.apiVersion).toBe('v1');
    expect(body.count).toBe(catalog.templates.length);
    expect(body.total).toBe(catalog.templates.length);
    expect(body.templates.map((t) => t.id)).toEqual(catalog.templates.map((t) => t.id));
    const tiers = body.facets!.tier;
    expect((tiers.free ?? 0) + (tiers.premium ?? 0)).toBe(catalog.templates.length);
  });

  it('filters by tier, format and category', async () => {
    const category = catalog.templates[0]!.category;
    const { body } = await list(`?tier=free&format=9:16&category=${category}`);
    const expected = catalog.templates.filter((t) => t.tier === 'free' && t.formats.includes('9:16') && t.category === category);
    expect(body.templates.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    expect(body.total).toBe(expected.length);
  });

  it('puts the template whose title matches q exactly first', async () => {
    const target = catalog.templates.at(-1)!;
    const { body } = await list(`?q=${encodeURIComponent(target.title.toUpperCase())}`);
    expect(body.templates[0]!.id).toBe(target.id);
  });

  it('pages with limit and offset, echoing both', async () => {
    const { body } = await list('?limit=2&offset=1');
    expect(body).toMatchObject({ count: 2, total: catalog.templates.length, limit: 2, offset: 1 });
    expect(body.templates.map((t) => t.id)).toEqual(catalog.templates.slice(1, 3).map((t) => t.id));
  });

  it('treats empty values as absent', async () => {
    const plain = await list('');
    const { res } = await list('?q=&tier=');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(plain.res.headers.get('etag'));
  });

  const accepted = `it takes ${Object.keys(listQuerySchema.shape).join(', ')}`;
  it.each([
    ['a typo', '?catgory=hiring', 'catgory', 'did you mean "category"?'],
    ['a parameter of another endpoint', '?page=2', 'page', accepted],
    ['a tracking parameter', '?tier=free&utm_source=newsletter', 'utm_source', 'it takes q, category'],
  ])('refuses %s with invalid_parameter naming it and the accepted ones', async (_, query, name, help) => {
    const { res, body } = await list(query);
    expect(res.status).toBe(400);
    expect(body.error).toBe('invalid_parameter');
    expect(body.message).toContain(`"${name}"`);
    expect(body.message).toContain(help);
  });

  it('answers the same query in any parameter order with the same ETag', async () => {
    const a = await list('?tier=free&format=16:9');
    const b = await list('?format=16:9&tier=free');
    expect(a.res.headers.get('etag')).toBe(b.res.headers.get('etag'));
    expect(a.body).toEqual(b.body);
  });

  it.each([
    ['q', `?q=${'a'.repeat(201)}`, 'at most 200'],
    ['category', '?category=Bad_Category', 'lowercase'],
    ['tier', '?tier=gold', '"free", "premium"'],
    ['sort', '?sort=popular', '"relevance", "newest", "price", "duration"'],
    ['format', '?format=4:3', '"16:9", "9:16"'],
    ['limit', '?limit=0', 'at least 1'],
    ['limit', '?limit=101', 'at most 100'],
    ['limit', '?limit=ten', 'whole number'],
    ['limit', '?limit=1.5', 'whole number'],
    ['offset', '?offset=-1', '0 or more'],
    ['tier', '?tier=free&tier=premium', 'once'],
    ['q', '?q=a&q=b', 'once'],
  ])('refuses a bad %s (%s) with 400 invalid_parameter naming it', async (name, query, rule) => {
    const { res, body } = await list(query);
    expect(res.status).toBe(400);
    expect(body.error).toBe('invalid_parameter');
    expect(body.message).toContain(`"${name}"`);
    expect(body.message).toContain(rule);
  });

  it('accepts q of exactly 200 characters', async () => {
    const { res } = await list(`?q=${'a'.repeat(200)}`);
    expect(res.status).toBe(200);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compresses the answer with %s when accepted, with Vary and an ETag of its own', async (coding, decompress) => {
    const plain = await getBytes('/api/v1/templates', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const packed = await getBytes('/api/v1/templates', { 'Accept-Encoding': `${coding}, identity;q=0.5` });
    expect(packed.headers['content-encoding']).toBe(coding);
    expect(packed.headers.vary).toContain('Accept-Encoding');
    expect(packed.body.length).toBeLessThan(plain.body.length);
    expect(decompress(packed.body).equals(plain.body)).toBe(true);
    expect(packed.headers.etag).not.toBe(plain.headers.etag);
    const again = await getBytes('/api/v1/templates', { 'Accept-Encoding': coding, 'If-None-Match': String(packed.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('prefers the coding the client rates higher, and leaves small answers plain', async () => {
    const gz = await getBytes('/api/v1/templates', { 'Accept-Encoding': 'br;q=0.5, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await getBytes('/api/v1/templates?limit=1&q=zzzzqqq', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
