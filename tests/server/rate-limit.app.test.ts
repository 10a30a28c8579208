import { parseDictionary, parseList, type Item } from 'structured-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const template = readBuiltCatalog().templates[0]!;

/** The draft-07 fields, read as RFC 8941 structured fields (not by pattern). */
function readRateLimit(headers: Headers) {
  const policy = parseList(headers.get('ratelimit-policy')!);
  const [limit, params] = policy[0] as Item;
  const dict = parseDictionary(headers.get('ratelimit')!);
  const member = (name: string) => (dict.get(name) as Item)[0];
  return {
    policy: { limit, window: params.get('w') },
    limit: member('limit'),
    remaining: member('remaining'),
    reset: member('reset'),
    x: {
      limit: Number(headers.get('x-ratelimit-limit')),
      remaining: Number(headers.get('x-ratelimit-remaining')),
      reset: Number(headers.get('x-ratelimit-reset')),
    },
  };
}

describe('REST rate limit', () => {
  let server: RunningApp;
  beforeAll(async () => {
    server = await startApp({ REST_RATE_LIMIT: '4', MCP_RATE_LIMIT: '2' });
  });
  afterAll(() => server.stop());

  it('counts every answer under /api/v1 (200, 304, 4xx) and refuses the one past the limit with 429', async () => {
    const first = await fetch(`${server.url}/api/v1/templates/${template.id}`);
    const rl = readRateLimit(first.headers);
    expect(rl.policy).toEqual({ limit: 4, window: 60 });
    expect(rl).toMatchObject({ limit: 4, remaining: 3 });
    expect(rl.reset).toBeGreaterThan(0);
    expect(rl.reset).toBeLessThanOrEqual(60);
    expect(rl.x.limit).toBe(4);
    expect(rl.x.remaining).toBe(3);
    const now = Date.now() / 1000;
    expect(rl.x.reset).toBeGreaterThan(now);
    expect(rl.x.reset).toBeLessThanOrEqual(Math.ceil(now) + 61);

    const notModified = await fetch(`${server.url}/api/v1/templates/${template.id}`, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    expect(readRateLimit(notModified.headers).remaining).toBe(2);
    const notFound = await fetch(`${server.url}/api/v1/templates/nope-nope`);
    expect(readRateLimit(notFound.headers).remaining).toBe(1);
    const bad = await fetch(`${server.url}/api/v1/templates?tier=gold`);
    expect(bad.status).toBe(400);
    expect(readRateLimit(bad.headers).remaining).toBe(0);

    const limited = await fetch(`${server.url}/api/v1/templates`);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { error: string; retryAfter: number; message: string };
    expect(body.error).toBe('rate_limited');
    expect(body.retryAfter).toBe(Number(limited.headers.get('retry-after')));
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect(readRateLimit(limited.headers)).toMatchObject({ limit: 4, remaining: 0 });
  });

  it('keeps MCP on its own bucket with its own limit', async () => {
    const post = () => fetch(`${server.url}/api/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    const first = await post();
    expect(first.status).not.toBe(429);
    expect(readRateLimit(first.headers)).toMatchObject({ policy: { limit: 2, window: 60 }, remaining: 1 });
    await post();
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' });
  });

  it('does not limit pages and published files', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.url}/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBeNull();
    }
  });
});

describe('pages that run an operation', () => {
  let server: RunningApp;
  beforeAll(async () => {
    server = await startApp({ REST_RATE_LIMIT: '3' });
  });
  afterAll(() => server.stop());

  it('count /search, /search.md and /studio against the REST bucket, with its headers, and answer the one past it with a page', async () => {
    const search = await fetch(`${server.url}/search?q=launch`);
    expect(search.status).toBe(200);
    expect(readRateLimit(search.headers)).toMatchObject({ policy: { limit: 3, window: 60 }, remaining: 2 });
    const twin = await fetch(`${server.url}/search.md?q=launch`);
    expect(readRateLimit(twin.headers).remaining).toBe(1);
    const studio = await fetch(`${server.url}/studio?template=${template.id}`, { redirect: 'manual' });
    expect(readRateLimit(studio.headers).remaining).toBe(0);

    const html = await fetch(`${server.url}/search?q=countdown`);
    expect(html.status).toBe(429);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(Number(html.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(html.headers.get('cache-control')).toBe('no-store');
    expect(readRateLimit(html.headers)).toMatchObject({ limit: 3, remaining: 0 });
    expect(await html.text()).toMatch(/<h1>Too many requests<\/h1>[\s\S]*limit of 3 a minute per client[\s\S]*Retry in \d+/);

    for (const [path, accept] of [['/search.md?q=x', undefined], ['/search?q=x', 'text/markdown'], ['/studio?template=x', 'text/markdown']] as const) {
      const md = await fetch(`${server.url}${path}`, { headers: accept ? { accept } : {}, redirect: 'manual' });
      expect(md.status, path).toBe(429);
      expect(md.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
      expect(await md.text(), path).toMatch(/^# Too many requests\n/);
    }
    // The API shares the bucket and keeps its JSON 429; pages that run nothing stay open.
    expect(await (await fetch(`${server.url}/api/v1/templates`)).json()).toMatchObject({ error: 'rate_limited' });
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('ratelimit')).toBeNull();
  });
});

describe('client address behind proxies', () => {
  const hit = (server: RunningApp, xff: string) =>
    fetch(`${server.url}/api/v1/templates?limit=1`, { headers: { 'X-Forwarded-For': xff } }).then((r) => readRateLimit(r.headers).remaining);

  it('ignores X-Forwarded-For by default (TRUST_PROXY=0)', async () => {
    const server = await startApp({ REST_RATE_LIMIT: '10' });
    try {
      expect(await hit(server, '203.0.113.1')).toBe(9);
      expect(await hit(server, '203.0.113.2')).toBe(8);
    } finally {
      await server.stop();
    }
  });

  it('takes the entry the trusted proxy appended with TRUST_PROXY=1, ignoring forged ones to its left', async () => {
    const server = await startApp({ REST_RATE_LIMIT: '10', TRUST_PROXY: '1' });
    try {
      expect(await hit(server, '203.0.113.1')).toBe(9);
      expect(await hit(server, '198.51.100.7, 203.0.113.1')).toBe(8); // forged left entry: same client
      expect(await hit(server, '203.0.113.2')).toBe(9); // another client, another bucket
      expect(await hit(server, '203.0.113.1, 203.0.113.2')).toBe(8);
    } finally {
      await server.stop();
    }
  });

  it('counts from the right across TRUST_PROXY=2 hops', async () => {
    const server = await startApp({ REST_RATE_LIMIT: '10', TRUST_PROXY: '2' });
    try {
      expect(await hit(server, '203.0.113.9, 10.0.0.1')).toBe(9);
      expect(await hit(server, '1.1.1.1, 203.0.113.9, 10.0.0.2')).toBe(8);
      expect(await hit(server, 'not-an-ip, 10.0.0.1')).toBe(9); // unreadable: the socket address, a bucket of its own
    } finally {
      await server.stop();
    }
  });
});
