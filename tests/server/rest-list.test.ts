import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateList } from '../../src/schemas/responses.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

let server: RunningServer;
const catalog = readBuiltCatalog();

beforeAll(async () => {
  server = await startServer({ REST_RATE_LIMIT: '100000' });
});
afterAll(() => server.stop());

async function list(query: string) {
  const res = await fetch(`${server.url}/api/v1/templates${query}`);
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

  it('treats empty values as absent and ignores unknown parameters', async () => {
    const plain = await list('');
    const { res } = await list('?q=&tier=&utm_source=newsletter&foo=bar');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(plain.res.headers.get('etag'));
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
});
