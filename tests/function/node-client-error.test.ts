import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors, refuseConnect } from '../../src/function/node-client-error.ts';
import { exchange, isBareProtocolRefusal, parseResponses } from '../helpers/http-wire.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => res.end(`served ${req.method}\n`));
  answerClientErrors(server);
  refuseConnect(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Bytes as an attacker writes them on a raw socket (node:net), and the one answer. */
const attack = async (text: string) => {
  const ex = await exchange(base, Buffer.from(text, 'latin1'), 3000);
  const answers = parseResponses(ex.raw);
  expect(answers).toHaveLength(1);
  return { ...answers[0]!, closed: ex.closedByServer };
};

describe('answerClientErrors', () => {
  it.each([
    ['an unknown method', 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a lower-case method', 'get / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['TRACK', 'TRACK /templates/x HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('answers %s 501 in words, with a request id, and closes', async (_name, text) => {
    const res = await attack(text);
    expect(res.status).toBe(501);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(res.headers.connection).toBe('close');
    expect(res.body.toString()).toMatch(/is not implemented here \(methods are case-sensitive\): use GET, HEAD, OPTIONS on \//);
    expect(res.closed).toBe(true);
  });

  it('answers an unknown method on an /api path with the Error shape, naming the route\'s methods', async () => {
    const res = await attack('trace /api/mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');
    expect(res.status).toBe(501);
    expect(res.headers['content-type']).toBe('application/json');
    const body = JSON.parse(res.body.toString()) as Record<string, string>;
    expect(body).toMatchObject({ error: 'not_implemented', requestId: res.headers['x-request-id'] });
    expect(body.message).toContain('"trace"');
    expect(body.message).toContain('use POST, OPTIONS on /api/mcp');
  });

  it('quotes at most 100 characters of a long method', async () => {
    const res = await attack(`${'X'.repeat(5000)} /api/v1/templates HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(501);
    expect(res.body.length).toBeLessThan(400);
  });

  it.each(['HTTP/9.9', 'HTTP/1.2'])('answers %s with 505', async (version) => {
    const res = await attack(`GET /api/v1/templates ${version}\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(505);
    expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'version_not_supported' });
  });

  it.each([
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['a method alone', 'GET\r\n\r\n'],
    ['a trailing word after the version', 'GET / HTTP/1.1 please\r\nHost: x\r\n\r\n'],
    ['a NUL in the path', 'GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a TLS ClientHello', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03'],
  ])('keeps Node\'s bare 400 for %s', async (_name, text) => {
    const res = await attack(text);
    expect(res.status).toBe(400);
    expect(isBareProtocolRefusal(res)).toBe(true);
  });

  it('keeps Node\'s bare 431 for a header flood', async () => {
    const res = await attack(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(isBareProtocolRefusal(res)).toBe(true);
  });

  it.each([
    ['x:443', 'text/plain; charset=utf-8'],
    ['/api/v1/templates', 'application/json'],
  ])('answers CONNECT %s with the one 405 (%s) and closes', async (target, type) => {
    const res = await attack(`CONNECT ${target} HTTP/1.1\r\nHost: x:443\r\n\r\n`);
    expect([res.status, res.headers.allow, res.headers['content-type'], res.closed]).toEqual([405, 'GET, HEAD, OPTIONS', type, true]);
  });

  it('writes nothing over a pipelined answer under way, and still serves others', async () => {
    const ex = await exchange(base, Buffer.from('GET /a HTTP/1.1\r\nHost: x\r\n\r\nFOO / HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'), 3000);
    expect(parseResponses(ex.raw).map((r) => r.status)).toEqual([200]);
    expect(await (await fetch(`${base}/ok`)).text()).toBe('served GET\n');
  });
});
