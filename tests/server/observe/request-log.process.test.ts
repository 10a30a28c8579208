import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../helpers/start-server.ts';

describe('access log (pino)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  const nextRequestLine = (path: string) => server.waitForLog((e) => e.msg === 'request' && e.path === path);

  it('writes one JSON line per request with the request id and the build id', async () => {
    const res = await fetch(`${server.url}/api/v1/templates?limit=1&q=private-words`);
    await res.arrayBuffer();
    const line = await nextRequestLine('/api/v1/templates');
    expect(line.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(res.headers.get('x-request-id')).toBe(line.requestId); // a generated id is sent and logged alike
    expect(line).toMatchObject({ level: 'info', method: 'GET', status: 200, ip: '127.0.0.1', build: server.logs.find((l) => l.msg === 'listening')!.build });
    expect(typeof line.ms).toBe('number');
    expect(line.bytes).toBeGreaterThan(0);
    expect(Date.parse(String(line.time))).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(line)).not.toContain('private-words');
  });

  it('notes on a search line the words no template mentions (plain words only) and the total, for npm run search-report', async () => {
    const res = await fetch(`${server.url}/api/v1/templates?limit=1&q=${encodeURIComponent('halloween sale 555-0199')}`, { headers: { 'x-request-id': 'search-note-1' } });
    await res.arrayBuffer();
    const line = await server.waitForLog((e) => e.msg === 'request' && e.requestId === 'search-note-1');
    const search = line.search as { total: number; unmatched: string[] };
    expect(search.total).toBeGreaterThan(0);
    expect(search.unmatched).toContain('halloween');
    expect(search.unmatched.every((w) => /^[a-z][a-z'-]+$/.test(w))).toBe(true);
    expect(JSON.stringify(line)).not.toContain('555');
  });

  it.each([
    ['a REST answer', '/api/v1/templates?limit=1'],
    ['a page (headers set one by one)', '/search?q=launch'],
    ['a static file', '/favicon.svg'],
  ])('keeps the X-Request-Id a proxy sent and echoes it on %s', async (_, target) => {
    const id = `lb-7f3a-${target.length}`;
    const res = await fetch(server.url + target, { headers: { 'x-request-id': id } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const line = await server.waitForLog((e) => e.msg === 'request' && e.requestId === id);
    expect(line.path).toBe(target.split('?')[0]);
  });

  it('replaces an X-Request-Id that could forge log fields', async () => {
    const res = await fetch(`${server.url}/no-such-page`, { headers: { 'x-request-id': 'a\\"b' } });
    await res.arrayBuffer();
    const line = await nextRequestLine('/no-such-page');
    expect(line.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(res.headers.get('x-request-id')).toBe(line.requestId);
  });
});

describe('LOG_LEVEL', () => {
  it('warn drops request lines but keeps the readiness line', async () => {
    const server = await startServer({ LOG_LEVEL: 'warn' });
    await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 150));
    expect(server.logs.map((l) => l.msg)).toEqual(['listening']);
    await server.stop();
  });
});
