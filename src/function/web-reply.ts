import { matchesIfNoneMatch } from '../http/conditional.ts';
import { JSON_TYPE, listReplyHeaders, type Reply } from '../http/reply.ts';

/** Header pairs as a Web Headers object, in order (repeated names are appended). */
export function toHeaders(pairs: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < pairs.length; i += 2) headers.append(pairs[i]!, pairs[i + 1]!);
  return headers;
}

/**
 * The function's writer of API answers, over the shared rules of src/http (header order, ETag,
 * 304 on a matching If-None-Match, HEAD without a body): the same headers and bytes as the
 * origin's writeReply for an identity body. No compression here: Cloudflare and the proxy in
 * front of the Node function compress for the client (and a Response body is not compressed twice).
 */
export function toWebResponse(request: Request, reply: Reply, common: readonly string[]): Response {
  const pairs = listReplyHeaders(reply, common);
  if (reply.etag) {
    pairs.push('ETag', reply.etag);
    if (reply.status === 200 && matchesIfNoneMatch(request.headers.get('if-none-match'), reply.etag)) return new Response(null, { status: 304, headers: toHeaders(pairs) });
  }
  pairs.push('Content-Type', reply.type ?? JSON_TYPE, 'Content-Length', String(reply.body.length));
  return new Response(request.method === 'HEAD' ? null : (reply.body as Uint8Array<ArrayBuffer>), { status: reply.status, headers: toHeaders(pairs) });
}

/** A plain-text answer (the last resort when the static half has no 404 page either). */
export function textResponse(status: number, text: string, pairs: readonly string[]): Response {
  return new Response(text, { status, headers: toHeaders([...pairs, 'Content-Type', 'text/plain; charset=utf-8']) });
}
