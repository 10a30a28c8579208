import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const REFERRER = 'strict-origin-when-cross-origin';
const MCP_INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

/** Every kind of answer the service writes: pages, files, API JSON and errors, MCP, probes, preflights, redirects. */
const ANSWERS: [string, string, RequestInit?][] = [
  ['page', '/docs'],
  ['Markdown twin', '/docs.md'],
  ['on-demand page', '/search?q=launch'],
  ['404 page', '/no-such-page'],
  ['published file', '/openapi.json'],
  ['304', '/openapi.json', { headers: { 'If-None-Match': '*' } }],
  ['redirect', '/.well-known/mcp/catalog.json'],
  ['REST list', '/api/v1/templates?limit=1'],
  ['REST 404', '/api/v1/templates/no-such-template'],
  ['REST 400', '/api/v1/templates?tier=gold'],
  ['REST 405', '/api/v1/templates', { method: 'DELETE' }],
  ['unknown API path', '/api/v2/x'],
  ['preflight', '/api/v1/templates', { method: 'OPTIONS', headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'GET' } }],
  ['MCP result', '/api/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: MCP_INIT }],
  ['MCP refusal', '/api/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Host: 'evil.example' }, body: MCP_INIT }],
  ['MCP 405', '/api/mcp'],
  ['server card', '/api/mcp/server-card'],
  ['liveness', '/healthz'],
  ['readiness', '/readyz'],
];

describe('security headers', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it.each(ANSWERS)('puts Referrer-Policy once on the %s answer', async (_kind, path, init) => {
    const res = await fetch(`${app.url}${path}`, { redirect: 'manual', ...init });
    // Headers sent twice would read as "a, a" here.
    expect(res.headers.get('referrer-policy')).toBe(REFERRER);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it.each(['/', '/docs', '/templates/neon-countdown-launch', '/search?q=launch', '/studio', '/no-such-page'])(
    'isolates the HTML page %s with COOP and CORP',
    async (path) => {
      const res = await fetch(`${app.url}${path}`, { redirect: 'manual' });
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('leaves API answers readable by other sites (no CORP on JSON, CORS open)', async () => {
    const res = await fetch(`${app.url}/api/v1/templates?limit=1`);
    expect(res.headers.get('cross-origin-resource-policy')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends no HSTS for an X-Forwarded-Proto no trusted proxy vouches for', async () => {
    const res = await fetch(`${app.url}/docs`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('HSTS behind a trusted proxy', () => {
  let one: RunningApp;
  let two: RunningApp;
  let off: RunningApp;
  beforeAll(async () => {
    [one, two, off] = await Promise.all([startApp({ TRUST_PROXY: '1' }), startApp({ TRUST_PROXY: '2' }), startApp({ TRUST_PROXY: '1', HSTS_MAX_AGE: '0' })]);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop(), off?.stop()]);
  });

  const hstsOf = async (app: RunningApp, path: string, proto: string) =>
    (await fetch(`${app.url}${path}`, { redirect: 'manual', headers: { 'X-Forwarded-Proto': proto } })).headers.get('strict-transport-security');

  it.each(['/docs', '/api/v1/templates?limit=1', '/healthz', '/.well-known/mcp/catalog.json'])('sends a year of HSTS on %s when the proxy says https', async (path) => {
    expect(await hstsOf(one, path, 'https')).toBe('max-age=31536000');
  });

  it('sends none when the proxy says http, or when HSTS_MAX_AGE is 0', async () => {
    expect(await hstsOf(one, '/docs', 'http')).toBeNull();
    expect(await hstsOf(off, '/docs', 'https')).toBeNull();
  });

  it('reads the entry of the outermost trusted proxy, not one the client put in front', async () => {
    // One trusted proxy that appends what it saw (http) to a client-sent "https": not secure.
    expect(await hstsOf(one, '/docs', 'https, http')).toBeNull();
    // Two trusted proxies: the outer one saw https, the inner one http from it.
    expect(await hstsOf(two, '/docs', 'https, http')).toBe('max-age=31536000');
  });
});
