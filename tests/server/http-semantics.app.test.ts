import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { sendRaw } from '../helpers/raw-http.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

let server: RunningApp;
const template = readBuiltCatalog().templates[0]!;
const API_PATHS = ['/api/v1/templates?tier=free', `/api/v1/templates/${template.id}`, `/api/v1/studio-link?template=${template.id}`];

beforeAll(async () => {
  server = await startApp({ REST_RATE_LIMIT: '100000' });
});
afterAll(() => server.stop());

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

describe('API HTTP semantics', () => {
  it.each(API_PATHS)('answers HEAD %s with the headers of GET and no body', async (path) => {
    const full = await get(path);
    const head = await get(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control']) {
      expect(head.headers.get(name), name).toBe(full.headers.get(name));
    }
  });

  it.each(API_PATHS)('answers If-None-Match on %s with 304, no body, same ETag', async (path) => {
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/); // strong
    const again = await get(path, { headers: { 'If-None-Match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('ratelimit')).not.toBeNull();
    expect(await again.text()).toBe('');
    const stale = await get(path, { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
  });

  it('lets a CDN cache successful answers and never errors', async () => {
    expect((await get(API_PATHS[0]!)).headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect((await get('/api/v1/templates?tier=x')).headers.get('cache-control')).toBe('no-store');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('refuses %s with 405 method_not_allowed and Allow', async (method) => {
    const res = await get('/api/v1/templates', { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await res.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('allows any origin to read answers and exposes the rate-limit, version and MCP headers', async () => {
    const res = await get(API_PATHS[0]!, { headers: { Origin: 'https://elsewhere.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = res.headers.get('access-control-expose-headers')!.split(',').map((h) => h.trim().toLowerCase());
    for (const name of ['ratelimit', 'ratelimit-policy', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'deprecation', 'sunset', 'link', 'etag', 'mcp-session-id', 'mcp-protocol-version']) {
      expect(exposed).toContain(name);
    }
  });

  it.each(['/api/v1/templates', '/api/mcp'])('answers the CORS preflight on %s with 204', async (path) => {
    const res = await get(path, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': path === '/api/mcp' ? 'POST' : 'GET', 'Access-Control-Request-Headers': 'content-type, mcp-protocol-version, if-none-match' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe(path === '/api/mcp' ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const name of ['content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id', 'if-none-match']) expect(allowed).toContain(name);
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  });

  it('marks API answers nosniff', async () => {
    expect((await get(API_PATHS[1]!)).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers /healthz with the loaded template count', async () => {
    const res = await get('/healthz');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { status: string; templates: number; uptime: number };
    expect(body).toMatchObject({ status: 'ok', templates: readBuiltCatalog().templates.length });
    expect(body.uptime).toBeGreaterThanOrEqual(0);
  });
});

describe('request targets', () => {
  it('answers an absolute-form target (RFC 9112 §3.2.2) like its origin form', async () => {
    const path = `/api/v1/templates/${template.id}`;
    const absolute = await sendRaw(server.url, `${server.url}${path}`);
    const origin = await sendRaw(server.url, path);
    expect(absolute.status).toBe(200);
    expect(absolute.headers['content-type']).toMatch(/^application\/json/);
    expect(absolute.body).toBe(origin.body);
  });
});
