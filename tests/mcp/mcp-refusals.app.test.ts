import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

interface WireAnswer {
  /** Everything the server sent before the connection ended. */
  text: string;
  /** The socket error the client saw, if any (after or instead of the answer). */
  error?: string;
}

/**
 * Sends a POST to /api/mcp over a raw socket and keeps writing `bodyBytes` of body as fast as
 * the socket takes it, whatever the server answers meanwhile, as a fuzzing client does.
 */
function postLargeBody(baseUrl: string, bodyBytes: number, contentType = 'application/json', declareLength = true, followUp = ''): Promise<WireAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    let error: string | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', (err) => (error = (err as NodeJS.ErrnoException).code ?? err.message));
    socket.on('close', () => resolve({ text, error }));
    const length = declareLength ? `Content-Length: ${bodyBytes}` : 'Transfer-Encoding: chunked';
    socket.write(`POST /api/mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\nAccept: application/json\r\n${length}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < bodyBytes && !socket.destroyed) {
        const frame = declareLength ? chunk : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once('drain', pump);
      }
      if (!declareLength && !socket.destroyed) socket.write('0\r\n\r\n');
      if (followUp && !socket.destroyed) socket.write(followUp);
      // Done sending: a keep-alive connection is then closed by the client.
      setTimeout(() => socket.end(), 200);
    };
    pump();
  });
}

describe('/api/mcp refusals before the body is read', () => {
  let server: RunningApp;
  beforeAll(async () => {
    server = await startApp();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ['2 MiB with Content-Length', 2 * 1024 * 1024, true],
    ['2 MiB chunked', 2 * 1024 * 1024, false],
    ['32 MiB with Content-Length (past the drain limit)', 32 * 1024 * 1024, true],
  ])('answers 413 to a client still sending %s, every time', async (_name, bytes, declared) => {
    for (let i = 0; i < 5; i++) {
      const answer = await postLargeBody(server.url, bytes, 'application/json', declared);
      expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.text).toContain('"error":"payload_too_large"');
      // A body refused part-way leaves the rest unread: the server closes the connection after
      // its answer rather than hold the client's bytes until the keep-alive timeout (~6 s each).
      if (!declared) expect(answer.text.slice(0, answer.text.indexOf('\r\n\r\n'))).toMatch(/\r\nConnection: close\r\n/i);
    }
  }, 60_000);

  it('answers 415 with a JSON-RPC error to a client sending a large body of another type', async () => {
    const answer = await postLargeBody(server.url, 4 * 1024 * 1024, 'text/plain');
    expect(answer.text).toMatch(/^HTTP\/1\.1 415 /);
    expect(answer.text).toContain('"code":-32000');
  });

  it('keeps the connection usable after draining a refused body under the limit', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });
    const next = `POST /api/mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${ping.length}\r\n\r\n${ping}`;
    const answer = await postLargeBody(server.url, 2 * 1024 * 1024, 'application/json', true, next);
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.text).toMatch(/HTTP\/1\.1 200 OK[\s\S]*"id":7/);
    expect(answer.error).toBeUndefined();
  });
});
