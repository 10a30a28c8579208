import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import inject from 'light-my-request';

/** What a test asks for: a method, headers and a body, as with fetch. */
export interface MemoryRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const BODILESS = new Set([101, 204, 205, 304]);

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/**
 * Sends one request through `handle` in memory, as Hono's `app.request` does: no socket, the
 * same handler the server runs. The answer is a fetch `Response` whose body is decoded the way
 * fetch decodes it (br, gzip), while its headers stay as sent (Content-Encoding included).
 */
export async function requestInMemory(handle: (req: IncomingMessage, res: ServerResponse) => void, path: string, init: MemoryRequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const res = await inject(handle, { method: method as 'GET', url: path, headers: { host: 'localhost:4321', ...init.headers }, payload: init.body });
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) headers.append(name, one);
  }
  const bodiless = method === 'HEAD' || BODILESS.has(res.statusCode);
  const body = bodiless ? null : new Uint8Array(decode(res.rawPayload, headers.get('content-encoding') ?? undefined));
  return new Response(body, { status: res.statusCode, statusText: res.statusMessage, headers });
}
