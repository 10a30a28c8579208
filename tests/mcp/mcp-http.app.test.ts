import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { buildServerCard } from '../../src/contracts/discovery/build-server-card.ts';
import { readConfig } from '../../src/config/read-config.ts';

/** A 2026-07-28 request: the `_meta` envelope in the body and the Mcp-* headers that mirror it. */
function modern(method: string, params: Record<string, unknown> = {}, id = 1) {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'curl', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  const headers: Record<string, string> = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) };
  return { body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }, headers };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A raw node:http request: fetch may not set Host, and always sends an Accept. */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/mcp`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  send(url, 'POST', { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, typeof body === 'string' ? body : JSON.stringify(body));

describe('/api/mcp over HTTP', () => {
  let server: RunningApp;
  beforeAll(async () => {
    server = await startApp();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(['GET', 'DELETE'])('answers %s with 405 method_not_allowed and Allow: POST, OPTIONS', async (method) => {
    const answer = await send(server.url, method, { accept: 'application/json, text/event-stream' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST, OPTIONS');
    expect(answer.body).toMatchObject({ error: 'method_not_allowed', message: expect.stringContaining('POST') });
  });

  it.each([['application/json'], ['*/*'], [undefined]])('serves a client sending Accept %s (no 406)', async (accept) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (accept) headers.accept = accept;
    const answer = await send(server.url, 'POST', headers, JSON.stringify(INITIALIZE));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'template-catalog' } } });
  });

  it('answers server/discover with 2026-07-28, the capabilities and cache fields', async () => {
    const { body, headers } = modern('server/discover');
    const answer = await post(server.url, body, headers);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {}, extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] }, 'io.modelcontextprotocol/skills': {} } },
      resultType: 'complete',
      ttlMs: 60000,
      cacheScope: 'public',
    });
  });

  it('lists in server/discover the versions its server card lists', async () => {
    const { body, headers } = modern('server/discover');
    const answer = await post(server.url, body, headers);
    const card = (await (await fetch(`${server.url}/api/mcp/server-card`)).json()) as { remotes: { supportedProtocolVersions: string[] }[] };
    expect(answer.body.result.supportedVersions).toEqual(card.remotes[0]!.supportedProtocolVersions);
  });

  it('serves 2026-07-28 tools/list with resultType and cache fields, in a fixed order', async () => {
    const { body, headers } = modern('tools/list');
    const first = await post(server.url, body, headers);
    const second = await post(server.url, body, headers);
    expect(first.body.result).toMatchObject({ resultType: 'complete', ttlMs: 60000, cacheScope: 'public' });
    expect(first.body.result.tools.map((t: { name: string }) => t.name)).toEqual(['search_templates', 'get_template', 'studio_link', 'search', 'fetch']);
    expect(second.body).toEqual(first.body);
  });

  it('acknowledges subscriptions/listen with no notifications and ends the stream at once (nothing changes while serving)', async () => {
    const { body, headers } = modern('subscriptions/listen', { notifications: { toolsListChanged: true } });
    const res = await fetch(`${server.url}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    const text = await res.text();
    expect(text).toContain('"notifications":{}');
    expect(text).toContain('"resultType":"complete"');
  });

  it('refuses an Mcp-Method header that disagrees with the body (-32020)', async () => {
    const { body, headers } = modern('tools/list');
    const answer = await post(server.url, body, { ...headers, 'mcp-method': 'prompts/list' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(-32020);
  });

  it('refuses an Mcp-Name header that disagrees with the tool called (-32020)', async () => {
    const { body, headers } = modern('tools/call', { name: 'get_template', arguments: { id: 'neon-countdown-launch' } });
    const answer = await post(server.url, body, { ...headers, 'mcp-name': 'studio_link' });
    expect(answer.body.error.code).toBe(-32020);
  });

  it('refuses a protocol version that was never published, in either era', async () => {
    const { body, headers } = modern('tools/list');
    body.params._meta['io.modelcontextprotocol/protocolVersion'] = '2026-01-01';
    const answer = await post(server.url, body, { ...headers, 'mcp-protocol-version': '2026-01-01' });
    expect(answer.body.error.code).toBe(-32022);
    const old = await post(server.url, { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: '2024-10-07' } });
    expect(old.body.result.protocolVersion).toBe('2025-11-25');
  });

  it.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])('agrees to the handshake at %s, as the server card says', async (version) => {
    const answer = await post(server.url, { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: version } });
    expect(answer.body.result.protocolVersion).toBe(version);
  });

  it.each([
    ['an empty batch', []],
    ['an object that is not a JSON-RPC message', {}],
    ['a message without a method', { jsonrpc: '2.0', id: 1 }],
    ['a request with a wrong jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'ping' }],
  ])('answers %s with -32600 invalid request, not a parse error', async (_name, message) => {
    const answer = await post(server.url, message);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(-32600);
  });

  it('answers a body that is not JSON-typed with 415 and a JSON-RPC error', async () => {
    const answer = await post(server.url, JSON.stringify(INITIALIZE), { 'content-type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(answer.body.error.code).toBe(-32000);
  });

  it('lets browsers send the 2026 Mcp-Method and Mcp-Name headers (preflight)', async () => {
    const answer = await send(server.url, 'OPTIONS', { origin: 'http://localhost:4321', 'access-control-request-method': 'POST' });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-headers']).toMatch(/Mcp-Method, Mcp-Name/);
  });

  it('serves the server card at /api/mcp/server-card with its media type', async () => {
    const res = await fetch(`${server.url}/api/mcp/server-card`, { headers: { accept: 'application/mcp-server-card+json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual(buildServerCard(readConfig({ SITE_URL: 'http://localhost:4321' })));
  });

  it('refuses a client that accepts no JSON with 406 not_acceptable', async () => {
    const answer = await post(server.url, INITIALIZE, { accept: 'text/html' });
    expect(answer.status).toBe(406);
    expect(answer.body).toMatchObject({ error: 'not_acceptable' });
  });

  it('answers broken JSON with 400 and a JSON-RPC parse error', async () => {
    const answer = await post(server.url, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
  });

  it('answers a notification with 202 and no body', async () => {
    const answer = await post(server.url, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(answer.status).toBe(202);
    expect(answer.body).toBeUndefined();
  });

  it('refuses a foreign Host with 403 forbidden_host', async () => {
    const answer = await post(server.url, INITIALIZE, { host: 'evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'forbidden_host', message: expect.stringContaining('evil.example') });
  });

  it('serves a call from any Origin, as its preflight promised', async () => {
    const origin = 'https://agents.example';
    const preflight = await send(server.url, 'OPTIONS', { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const answer = await post(server.url, INITIALIZE, { origin });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it('still refuses a foreign Host from any Origin (DNS rebinding)', async () => {
    const answer = await post(server.url, INITIALIZE, { origin: 'https://agents.example', host: 'evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'forbidden_host' });
  });

  it.each([
    ['SITE_URL host', { host: 'localhost:4321' }],
    ['loopback with another port', { host: '127.0.0.1:9', origin: 'http://localhost:5173' }],
    ['IPv6 loopback', { host: '[::1]:4321', origin: 'http://[::1]:6274' }],
  ])('accepts the %s', async (_name, headers) => {
    expect((await post(server.url, INITIALIZE, headers)).status).toBe(200);
  });

  it('refuses a 2 MiB body with 413 payload_too_large', async () => {
    const huge = JSON.stringify({ ...INITIALIZE, padding: 'x'.repeat(2 * 1024 * 1024) });
    const answer = await post(server.url, huge);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: 'payload_too_large' });
  });

  it('publishes the server card naming this endpoint at /.well-known/mcp/manifest.json', async () => {
    const res = await fetch(`${server.url}/.well-known/mcp/manifest.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const card = (await res.json()) as { remotes: { type: string; url: string }[] };
    expect(card.remotes[0]).toMatchObject({ type: 'streamable-http', url: 'http://localhost:4321/api/mcp' });
  });

  it('refuses a 2 MiB chunked body (no Content-Length) with 413', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(`${server.url}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      for (let i = 0; i < 32; i++) req.write('x'.repeat(64 * 1024));
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: 'payload_too_large' });
  });
});

describe('/api/mcp rate limit', () => {
  let server: RunningApp;
  beforeAll(async () => {
    server = await startApp({ MCP_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the request past MCP_RATE_LIMIT with 429 rate_limited and Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(server.url, { jsonrpc: '2.0', id: i, method: 'ping' })).status);
    // The bucket counts both eras: the fourth request, a 2026-07-28 one, is over the limit.
    const { body, headers } = modern('tools/list');
    const limited = await post(server.url, body, headers);
    expect(statuses).toEqual([200, 200, 200]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ error: 'rate_limited', retryAfter: Number(limited.headers['retry-after']) });
    expect(limited.headers['ratelimit-policy']).toBe('3;w=60');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
  });
});
