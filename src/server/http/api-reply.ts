import type { IncomingMessage, ServerResponse } from 'node:http';
import { compress, MIN_COMPRESSED_BYTES, selectCoding, type Coding } from './compress.ts';
import { matchesIfNoneMatch } from '../../http/conditional.ts';
import { toCodedEtag } from '../../http/etag.ts';
import { JSON_TYPE, listReplyHeaders, type Reply } from '../../http/reply.ts';
import { keepSearchNote } from '../observe/search-notes.ts';

/** The body to send and its validator: compressed by Accept-Encoding, with an ETag per coding (RFC 9110 §8.8.3). */
function selectBody(req: IncomingMessage, reply: Reply): { body: Uint8Array; etag?: string | undefined; coding?: Coding | undefined } {
  const coding = reply.body.length >= MIN_COMPRESSED_BYTES ? selectCoding(req) : undefined;
  if (!coding) return { body: reply.body, etag: reply.etag };
  const encoded = (reply.encoded ??= {});
  let body = encoded[coding];
  if (!body) {
    body = encoded[coding] = compress(reply.body, coding);
  }
  return { body, etag: reply.etag && toCodedEtag(reply.etag, coding), coding };
}

/**
 * The origin's writer of API answers (REST, the MCP route's own errors, unknown /api paths),
 * over the shared rules of src/http (header order, ETag, 304): `common` holds the per-request
 * fields (CORS, rate limits, deprecation). The body goes out compressed when the client
 * accepts br or gzip (with `Vary: Accept-Encoding`); a matching If-None-Match turns a 200
 * into a bodiless 304 with the same validators; HEAD gets the headers of GET (node:http drops the body itself).
 * Header pairs straight to writeHead rather than a Web Response: the Response path costs
 * ~15 µs a request, a quarter of a get-one's whole budget (docs/deploying.md, the function).
 */
export function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply, common: readonly string[]): void {
  const headers = listReplyHeaders(reply, common);
  keepSearchNote(res, reply.headers);
  const { body, etag, coding } = selectBody(req, reply);
  if (etag) {
    headers.push('ETag', etag);
    if (reply.status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  if (coding) headers.push('Content-Encoding', coding);
  headers.push('Content-Type', JSON_TYPE, 'Content-Length', String(body.length));
  res.writeHead(reply.status, headers);
  res.end(body);
}
