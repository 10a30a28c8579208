import { matchesIfNoneMatch } from '../http/conditional.ts';
import { chooseCoding, type Compress } from '../http/content-coding.ts';
import { toCodedEtag } from '../http/etag.ts';
import { JSON_TYPE, listReplyHeaders, type Reply } from '../http/reply.ts';
import { respond } from './light-response.ts';

export { toHeaders } from './light-response.ts';

/** The body to send and its validator: compressed by Accept-Encoding where the runtime compresses, with an ETag per coding (RFC 9110 §8.8.3). */
function selectBody(request: Request, reply: Reply, compress: Compress | undefined) {
  const coding = chooseCoding(request.headers.get('accept-encoding'), reply.body.length, compress);
  if (!coding) return { body: reply.body, etag: reply.etag, coding };
  // A cached reply is compressed once per coding, not per request.
  const encoded = (reply.encoded ??= {});
  const body = (encoded[coding] ??= compress!(reply.body, coding));
  return { body, etag: reply.etag && toCodedEtag(reply.etag, coding), coding };
}

/**
 * The one writer of API answers, over the shared rules of src/http (header order, ETag, 304
 * on a matching If-None-Match, HEAD without a body): `common` holds the per-request fields
 * (request id, CORS, rate limits, deprecation). Where the runtime gives `compress` (Node), the
 * body goes out in the client's coding (br or gzip, `Vary: Accept-Encoding` from the cache
 * class); on workerd, Cloudflare's edge compresses. The answer is a light Response: the Node
 * adapter writes its header pairs and bytes straight to the socket.
 */
export function toWebResponse(request: Request, reply: Reply, common: readonly string[], compress?: Compress): Response {
  const pairs = listReplyHeaders(reply, common);
  const { body, etag, coding } = selectBody(request, reply, compress);
  if (etag) {
    pairs.push('ETag', etag);
    if (reply.status === 200 && matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return respond(304, pairs);
  }
  if (coding) pairs.push('Content-Encoding', coding);
  pairs.push('Content-Type', reply.type ?? JSON_TYPE, 'Content-Length', String(body.length));
  return respond(reply.status, pairs, request.method === 'HEAD' ? null : body);
}

/** A plain-text answer (the last resort when the static half has no 404 page either). */
export function textResponse(status: number, text: string, pairs: readonly string[]): Response {
  return respond(status, [...pairs, 'Content-Type', 'text/plain; charset=utf-8'], text);
}
