import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeListener } from '../../src/function/node-adapter.ts';
import { respond } from '../../src/function/light-response.ts';
import { exchange, parseResponses } from '../helpers/http-wire.ts';

let server: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  // A handler that echoes what it was given: the method, the path and one header, as JSON.
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/throw') throw new Error('boom');
    if (url.pathname === '/stream') return new Response(new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('streamed')), c.close()) }), { headers: { 'X-Kind': 'native' } });
    if (url.pathname === '/echo-body') return respond(200, ['Content-Type', 'text/plain'], await request.text());
    seen.push(request.method);
    const body = JSON.stringify({ method: request.method, path: url.pathname, host: url.host, accept: request.headers.get('accept') });
    return respond(200, ['Content-Type', 'application/json', 'X-Kind', 'light'], body);
  };
  server = createServer(createNodeListener(fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = async (text: string) => {
  const ex = await exchange(base, Buffer.from(text.replace(/\r\n\r\n$/, '\r\nConnection: close\r\n\r\n'), 'latin1'), 3000);
  return parseResponses(ex.raw)[0]!;
};

describe('createNodeListener', () => {
  it.each([
    ['a Host with a space', 'GET / HTTP/1.1\r\nHost: a b\r\n\r\n', 'text'],
    ['a Host with a bad escape', 'GET / HTTP/1.1\r\nHost: a%zz\r\n\r\n', 'text'],
    ['a Host of one bracket', 'GET /api/v1/templates HTTP/1.1\r\nHost: [\r\n\r\n', 'json'],
    ['a Host port past 65535', 'GET /api/x HTTP/1.1\r\nHost: x:99999\r\n\r\n', 'json'],
    ['the target *', 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n', 'text'],
  ])('answers %s with 400 (JSON on /api) and lives', async (_name, text, kind) => {
    const res = await send(text);
    expect(res.status).toBe(400);
    if (kind === 'json') expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'bad_request' });
    else expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect((await fetch(`${base}/ok`)).status).toBe(200);
  });

  it.each(['//', '///', '//%zz/', '/\\\\'])('hands the path %s to the handler on the request Host', async (target) => {
    const res = await send(`GET ${target} HTTP/1.1\r\nHost: example.com:8080\r\n\r\n`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toMatchObject({ host: 'example.com:8080' });
  });

  it('keeps TRACE as sent, for the route table to refuse', async () => {
    const res = await send('TRACE /x HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(JSON.parse(res.body.toString())).toMatchObject({ method: 'TRACE' });
  });

  it('reads an absolute-form target in origin form', async () => {
    const res = await send('GET http://other/path?q=1 HTTP/1.1\r\nHost: x\r\nAccept: text/markdown\r\n\r\n');
    expect(JSON.parse(res.body.toString())).toEqual({ method: 'GET', path: '/path', host: 'x', accept: 'text/markdown' });
  });

  it('answers 500 when the handler throws, and lives', async () => {
    expect((await fetch(`${base}/throw`)).status).toBe(500);
    expect((await fetch(`${base}/ok`)).status).toBe(200);
  });

  it('writes light and native answers, and reads a request body', async () => {
    const light = await fetch(`${base}/ok`);
    expect(light.headers.get('x-kind')).toBe('light');
    const native = await fetch(`${base}/stream`);
    expect([native.headers.get('x-kind'), await native.text()]).toEqual(['native', 'streamed']);
    const echoed = await fetch(`${base}/echo-body`, { method: 'POST', body: 'hello' });
    expect(await echoed.text()).toBe('hello');
  });
});
