import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../helpers/start-server.ts';

/** A line without the fields whose own digits may hold "555" by chance (the build's folder, the time, the duration, the size). */
const omitOwnNumbers = ({ build, time, ms, bytes, ...rest }: Record<string, unknown>) => rest;

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
    const q = encodeURIComponent('halloween sale 555-0199');
    // The list API, the search page and its Markdown twin: each search a person or agent runs.
    for (const [n, path] of [`/api/v1/templates?limit=1&q=${q}`, `/search?q=${q}`, `/search.md?q=${q}`].entries()) {
      const res = await fetch(`${server.url}${path}`, { headers: { 'x-request-id': `search-note-${n}` } });
      await res.arrayBuffer();
      const line = await server.waitForLog((e) => e.msg === 'request' && e.requestId === `search-note-${n}`);
      const search = line.search as { total: number; unmatched: string[] };
      expect(search?.total, path).toBeGreaterThan(0);
      expect(search.unmatched, path).toContain('halloween');
      expect(search.unmatched.every((w) => /^[a-z][a-z'-]+$/.test(w))).toBe(true);
      expect(JSON.stringify(omitOwnNumbers(line))).not.toContain('555');
      expect(res.headers.get('x-search-unmatched'), path).toBeNull(); // the note is the log's, not the client's
    }
  });

  it.each(['2026-07-28', 'handshake'] as const)('notes an MCP search_templates call (%s) on its /api/mcp line, which npm run search-report reads, and sends the note to no client', async (era) => {
    const seen: Headers[] = [];
    const id = `mcp-note-${era}`;
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
      requestInit: { headers: { 'x-request-id': id } },
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        seen.push(res.headers);
        return res;
      },
    });
    const client = new Client({ name: 'log-test', version: '1.0.0' }, era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
    await client.connect(transport);
    const result = await client.callTool({ name: 'search_templates', arguments: { query: 'halloween sale 555-0199', limit: 2 } });
    expect((result.structuredContent as { unmatched: string[] }).unmatched).toContain('halloween');
    await client.close();
    const lines = await server.waitForLog((e) => e.msg === 'request' && e.requestId === id && e.path === '/api/mcp' && e.search !== undefined);
    const search = lines.search as { total: number; unmatched: string[] };
    expect(search.total).toBeGreaterThan(0);
    expect(search.unmatched).toContain('halloween');
    expect(JSON.stringify(omitOwnNumbers(lines))).not.toContain('555');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((h) => h.get('x-search-unmatched'))).toEqual(seen.map(() => null));

    const dir = mkdtempSync(join(tmpdir(), 'search-report-'));
    try {
      const log = join(dir, 'access.log');
      writeFileSync(log, server.logs.filter((e) => e.requestId === id).map((e) => JSON.stringify(e)).join('\n'));
      const report = execFileSync(process.execPath, ['scripts/search-report.ts', log], { encoding: 'utf8' });
      expect(report).toMatch(/^1 searches with words not found/);
      expect(report).toMatch(/\s1\s+halloween\n/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
