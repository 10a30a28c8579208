import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { buildRequest, exchange, isBareProtocolRefusal, openSocket, parseResponses } from '../helpers/http-wire.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/** HEADERS_TIMEOUT_SECONDS for this server (20 by default); main.ts checks every quarter of it (at most 5 s). */
const HEADERS_TIMEOUT_MS = 4_000;
const CHECK_INTERVAL_MS = 1_000;
const template = readBuiltCatalog().templates[0]!;
const PING = '{"jsonrpc":"2.0","id":7,"method":"ping"}';

let server: RunningServer;
let host: string;
/** The slow client of the last test: started first, so its wait overlaps every other test. */
let slowClient: Promise<{ answer: string; closedAfterMs: number; bytesSent: number }>;

/** Trickles header lines, one a second, and never ends the head (a slowloris). */
async function trickleHeaders(): Promise<{ answer: string; closedAfterMs: number; bytesSent: number }> {
  const socket = await openSocket(server.url);
  const started = performance.now();
  let answer = '';
  let bytesSent = 0;
  const send = (text: string) => socket.write(text, () => (bytesSent += text.length));
  send(`GET /api/v1/templates HTTP/1.1\r\nHost: ${host}\r\n`);
  const timer = setInterval(() => send(`X-Slow-${bytesSent}: ${'a'.repeat(10)}\r\n`), 250);
  socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
  socket.on('error', () => {});
  return new Promise((resolve) => socket.on('close', () => {
    clearInterval(timer);
    resolve({ answer, closedAfterMs: performance.now() - started, bytesSent });
  }));
}

const head = (method: string, target: string, extra: [string, string][] = []) => ({ method, target, headers: [['Host', host], ...extra] as [string, string][] });

beforeAll(async () => {
  server = await startServer({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000', HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_MS / 1000) });
  host = new URL(server.url).host;
  slowClient = trickleHeaders();
});
afterAll(() => server?.stop());

afterEach(async () => {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  const one = await fetch(`${server.url}/api/v1/templates/${template.id}`);
  expect(one.status).toBe(200);
  expect(((await one.json()) as { template: { id: string } }).template.id).toBe(template.id);
});

describe('the server at the socket level', () => {
  it.each([
    ['one 20 KB header', buildRequest(head('GET', '/healthz', [['X-Big', 'x'.repeat(20_000)]]))],
    ['1,000 small headers', buildRequest(head('GET', '/healthz', Array.from({ length: 1000 }, (_, i) => [`X-H${i}`, 'y'.repeat(20)] as [string, string])))],
    ['a 20 KB request line', buildRequest(head('GET', `/api/v1/templates?q=${'z'.repeat(20_000)}`))],
  ])('answers %s with 431 and closes the connection', async (_name, bytes) => {
    const ex = await exchange(server.url, bytes, 5000);
    expect(ex.closedByServer).toBe(true);
    const [res, ...rest] = parseResponses(ex.raw);
    expect(res!.status).toBe(431);
    expect(isBareProtocolRefusal(res!)).toBe(true);
    expect(rest).toEqual([]);
  });

  it.each([
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['a TLS ClientHello on the plain port', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03'],
    ['an unknown protocol', 'GET / FTP/1.0\r\nHost: x\r\n\r\n'],
    ['a missing method', '/ HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a trailing word', 'GET / HTTP/1.1 please\r\nHost: x\r\n\r\n'],
    ['a bare LF mid-line', 'GET /\n HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a missing Host', 'GET /healthz HTTP/1.1\r\n\r\n'],
    ['a header without a colon', 'GET /healthz HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n'],
  ])('answers an invalid request (%s) with 400 and closes', async (_name, text) => {
    const ex = await exchange(server.url, Buffer.from(text, 'latin1'), 5000);
    expect(ex.closedByServer).toBe(true);
    const [res, ...rest] = parseResponses(ex.raw);
    expect(res!.status).toBe(400);
    expect(res!.body.length).toBe(0); // Node's own refusal (a missing Host gets Date and Content-Length too)
    expect(rest).toEqual([]);
  });

  it.each([
    ['a lower-case method', 'get /api/v1/templates HTTP/1.1\r\nHost: x\r\n\r\n', 501, 'not_implemented'],
    ['an unknown method', 'FOO /api/v1/templates HTTP/1.1\r\nHost: x\r\n\r\n', 501, 'not_implemented'],
    ['HTTP/9.9', 'GET /api/v1/templates HTTP/9.9\r\nHost: x\r\n\r\n', 505, 'version_not_supported'],
  ])('answers %s, which Node\'s parser refuses, with %i and the Error shape, and closes', async (_name, text, status, code) => {
    const ex = await exchange(server.url, Buffer.from(text, 'latin1'), 5000);
    expect(ex.closedByServer).toBe(true);
    const [res, ...rest] = parseResponses(ex.raw);
    expect(res!.status).toBe(status);
    expect(JSON.parse(res!.body.toString())).toMatchObject({ error: code, requestId: res!.headers['x-request-id'] });
    expect(rest).toEqual([]);
  });

  it('keeps answering while 500 idle connections are open, then drops them without complaint', async () => {
    const sockets: Socket[] = [];
    for (let i = 0; i < 500; i++) {
      const socket = await openSocket(server.url);
      socket.on('error', () => {});
      if (i % 3 === 1) socket.write('GET /api/v1/templates HTT'); // a request line cut short
      sockets.push(socket);
    }
    const busy = await Promise.all([fetch(`${server.url}/healthz`), fetch(`${server.url}/api/v1/templates?limit=2`)]);
    expect(busy.map((r) => r.status)).toEqual([200, 200]);
    sockets.forEach((s, i) => (i % 2 ? s.resetAndDestroy() : s.destroy()));
    await new Promise((r) => setTimeout(r, 200));
  });

  it('keeps serving while an MCP body stalls mid-way, and finishes it when the rest arrives', async () => {
    const body = Buffer.from(PING);
    const stalled = await openSocket(server.url);
    const answer: Buffer[] = [];
    stalled.on('data', (d: Buffer) => answer.push(d));
    const closed = new Promise<void>((resolve) => stalled.on('close', () => resolve()));
    stalled.write(buildRequest({ ...head('POST', '/api/mcp', [['Content-Type', 'application/json'], ['Accept', 'application/json'], ['Content-Length', String(body.length)], ['Connection', 'close']]), body: body.subarray(0, 10) }));
    await new Promise((r) => setTimeout(r, 500));
    const other = await fetch(`${server.url}/api/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: PING });
    expect(other.status).toBe(200);
    expect(answer).toEqual([]); // still waiting for the body
    stalled.write(body.subarray(10));
    await closed;
    const [res] = parseResponses(Buffer.concat(answer));
    expect(res!.status).toBe(200);
    expect(JSON.parse(res!.body.toString())).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });

  it.each(['destroy', 'reset', 'half-close'] as const)('logs nothing unexpected when an MCP client leaves mid-body (%s)', async (how) => {
    const socket = await openSocket(server.url);
    socket.on('error', () => {});
    socket.write(buildRequest({ ...head('POST', '/api/mcp', [['Content-Type', 'application/json'], ['Content-Length', '1000']]), body: PING.slice(0, 12) }));
    await new Promise((r) => setTimeout(r, 200));
    if (how === 'destroy') socket.destroy();
    else if (how === 'reset') socket.resetAndDestroy();
    else socket.end();
    await new Promise((r) => setTimeout(r, 300));
    expect(server.logs.filter((l) => l.msg === 'unexpected error' || l.msg === 'unhandled rejection')).toEqual([]);
  });

  it('answers pipelined requests in order on one connection', async () => {
    const mcp = Buffer.from(PING);
    const requests = [
      head('GET', '/healthz'),
      head('GET', '/api/v1/templates?limit=1'),
      head('HEAD', `/api/v1/templates/${template.id}`),
      { ...head('POST', '/api/mcp', [['Content-Type', 'application/json'], ['Accept', 'application/json'], ['Content-Length', String(mcp.length)]]), body: mcp },
      head('GET', `/api/v1/templates/${template.slug}`),
      head('GET', `/templates/${template.slug}.md`, [['Connection', 'close']]),
    ];
    const ex = await exchange(server.url, Buffer.concat(requests.map(buildRequest)), 5000);
    const responses = parseResponses(ex.raw, requests.map((r) => r.method));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(JSON.parse(responses[0]!.body.toString())).toMatchObject({ status: 'ok' });
    expect(JSON.parse(responses[1]!.body.toString())).toMatchObject({ count: 1 });
    expect(responses[2]!.body.length).toBe(0);
    expect(JSON.parse(responses[3]!.body.toString())).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    const bySlug = await fetch(`${server.url}/api/v1/templates/${template.slug}`);
    expect(responses[4]!.body.toString()).toBe(await bySlug.text());
    expect(responses[2]!.headers.etag).toBe(responses[4]!.headers.etag); // id and slug name the same bytes
    expect(responses[5]!.headers['content-type']).toBe('text/markdown; charset=utf-8');
  });

  it('answers the pipelined request before a malformed one, then closes the connection', async () => {
    const bytes = Buffer.concat([buildRequest(head('GET', '/healthz')), Buffer.from('NOT A REQUEST\r\n\r\n'), buildRequest(head('GET', '/healthz'))]);
    const ex = await exchange(server.url, bytes, 5000);
    expect(ex.closedByServer).toBe(true);
    // Node drops the connection at the bad bytes; a 400 is only written when no answer is under way.
    expect(parseResponses(ex.raw).map((r) => r.status)).toEqual([200]);
  });

  it(`closes a client that never finishes its headers with 408 once headersTimeout (${HEADERS_TIMEOUT_MS / 1000} s) has passed`, async () => {
    const { answer, closedAfterMs, bytesSent } = await slowClient;
    expect(answer).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    expect(bytesSent).toBeGreaterThan(100); // it kept sending: activity does not extend the deadline
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 500);
    expect(closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + 2000);
    console.log(`slow client closed after ${(closedAfterMs / 1000).toFixed(1)} s (headersTimeout ${HEADERS_TIMEOUT_MS / 1000} s, checked every ${CHECK_INTERVAL_MS / 1000} s)`);
  }, HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + 10_000);

  it('logged no unexpected error through all of it', async () => {
    await new Promise((r) => setTimeout(r, 100));
    expect(server.logs.filter((l) => l.msg === 'unexpected error' || l.msg === 'unhandled rejection')).toEqual([]);
  });
});
