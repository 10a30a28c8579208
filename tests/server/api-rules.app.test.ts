import LinkHeader from 'http-link-header';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateList } from '../../src/schemas/responses.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

let server: RunningApp;
const catalog = readBuiltCatalog();
const total = catalog.templates.length;

beforeAll(async () => {
  server = await startApp({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' });
});
afterAll(() => server.stop());

/** The links of a paged answer by relation, as paths with their queries. */
function readLinks(res: Response): Record<string, string> {
  const header = res.headers.get('link');
  if (!header) return {};
  return Object.fromEntries(LinkHeader.parse(header).refs.map((ref) => [ref.rel, ref.uri.replace(server.url, '').replace('http://localhost:4321', '')]));
}

describe('X-Request-Id', () => {
  it.each([
    ['a list', '/api/v1/templates?limit=1', {}],
    ['a REST error', '/api/v1/templates/no-such-template', {}],
    ['an unknown API path', '/api/v2/templates', {}],
    ['a page', '/', {}],
    ['a Markdown twin', '/docs.md', {}],
    ['the 404 page', '/no-such-page', {}],
    ['a preflight', '/api/v1/templates', { method: 'OPTIONS', headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' } }],
    ['a 405', '/api/v1/templates', { method: 'DELETE' }],
    ['a probe', '/healthz', {}],
  ] as const)('is on %s, made when the client sent none', async (_, path, init) => {
    const res = await server.request(path, init);
    await res.arrayBuffer();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  });

  it('is new for every request', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await server.request('/api/v1/templates?limit=1')).headers.get('x-request-id')));
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps a well-formed incoming id and replaces one that is not', async () => {
    const kept = await server.request('/api/v1/templates?limit=1', { headers: { 'x-request-id': 'edge-9f2c' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-9f2c');
    for (const bad of ['x'.repeat(129), 'has space', 'quo"te']) {
      const res = await server.request('/api/v1/templates?limit=1', { headers: { 'x-request-id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    }
  });

  it('is readable by a script on another origin', async () => {
    const res = await server.request('/api/v1/templates?limit=1', { headers: { origin: 'https://a.example' } });
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it.each([
    ['invalid_parameter', '/api/v1/templates?catgory=hiring', 400],
    ['template_not_found', '/api/v1/templates/no-such-template', 404],
    ['not_found', '/api/v1/nowhere', 404],
    ['invalid_site', `/api/v1/studio-link?template=${catalog.templates[0]!.id}&site=localhost`, 400],
  ] as const)('is repeated as requestId in the %s body', async (code, path, status) => {
    const res = await server.request(path, { headers: { 'x-request-id': `t-${code}` } });
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: string; requestId: string };
    expect(body.error).toBe(code);
    expect(body.requestId).toBe(`t-${code}`);
  });

  it('is repeated as requestId in the 405 body', async () => {
    const res = await server.request('/api/v1/templates', { method: 'PUT', headers: { 'x-request-id': 'put-1' } });
    expect(res.status).toBe(405);
    expect(((await res.json()) as { requestId: string }).requestId).toBe('put-1');
  });
});

describe('paging links', () => {
  it('give first and next on the first page, and no prev', async () => {
    const res = await server.request('/api/v1/templates?limit=10&tier=free');
    const body = (await res.json()) as TemplateList;
    const links = readLinks(res);
    expect(links.first).toBe('/api/v1/templates?tier=free&limit=10&offset=0');
    expect(links.prev).toBeUndefined();
    expect(links.next).toBe(body.total! > 10 ? '/api/v1/templates?tier=free&limit=10&offset=10' : undefined);
  });

  it('give prev and first in the middle, and follow next to the last page', async () => {
    let path: string | undefined = '/api/v1/templates?limit=20&offset=5';
    const seen: string[] = [];
    let pages = 0;
    while (path) {
      const res = await server.request(path);
      const body = (await res.json()) as TemplateList;
      seen.push(...body.templates.map((t) => t.id));
      const links = readLinks(res);
      expect(links.first).toBe('/api/v1/templates?limit=20&offset=0');
      if (pages > 0 || path.includes('offset=5')) expect(links.prev).toBeDefined();
      path = links.next;
      pages++;
    }
    expect(seen).toEqual(catalog.templates.slice(5).map((t) => t.id));
    expect(pages).toBe(Math.ceil((total - 5) / 20));
  });

  it('point prev at the first page, never below it', async () => {
    expect(readLinks(await server.request('/api/v1/templates?limit=20&offset=5')).prev).toBe('/api/v1/templates?limit=20&offset=0');
  });

  it('are absent without limit: the whole list is one answer', async () => {
    const res = await server.request('/api/v1/templates?offset=5');
    expect(res.headers.get('link')).toBeNull();
  });

  it('are absolute addresses under the site', async () => {
    const header = (await server.request('/api/v1/templates?limit=1')).headers.get('link')!;
    for (const ref of LinkHeader.parse(header).refs) expect(ref.uri).toMatch(/^https?:\/\/[^/]+\/api\/v1\/templates\?/);
  });
});
