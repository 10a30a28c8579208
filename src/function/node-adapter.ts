import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * A Node request as a Web Request: method, the target on the request's own Host, every header,
 * and the body as a stream (only for methods that carry one). The Node function is the
 * function's second runtime, not the origin's hot path: the plain Web objects are enough here.
 */
export function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method ?? 'GET',
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  } as RequestInit);
}

/** Writes a Web Response onto the Node response, streaming its body. */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: string[] = [];
  response.headers.forEach((value, name) => headers.push(name, value));
  for (const cookie of response.headers.getSetCookie()) headers.push('set-cookie', cookie);
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}
