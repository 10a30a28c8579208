import type { IncomingMessage, ServerResponse } from 'node:http';
import { compress, MIN_COMPRESSED_BYTES, selectCoding, type Coding } from './compress.ts';
import { matchesIfNoneMatch } from './conditional.ts';
import { computeEtag, toCodedEtag } from './etag.ts';
import { CACHE_HEADERS, type CacheClass } from '../../core/cdn/cache-policy.ts';

/** An API answer before it is written: handlers return these, errors become these. */
export interface Reply {
  status: number;
  body: Buffer;
  /** Strong validator of `body`; 200 answers carry one. */
  etag?: string;
  /** The cache policy it is written with (Cache-Control, Vary). */
  cache: CacheClass;
  /** The CDN's cache-tag header pairs, on answers a CDN may keep. */
  tagHeaders?: readonly string[];
  /** Extra header name/value pairs (e.g. Retry-After). */
  headers?: readonly string[];
  /** Bytes held, for caches of replies. */
  size: number;
  /**
   * Compressed bodies made so far: a cached reply is compressed once per coding, not per
   * request. Not counted in `size`: JSON compresses to under a fifth, so a cache's byte bound
   * holds within ~40 % with both codings made.
   */
  encoded?: Partial<Record<Coding, Buffer>>;
}

/** A 200 JSON answer with its ETag, its cache class and cache tags. */
export function createJsonReply(value: unknown, cache: CacheClass, tagHeaders: readonly string[] = []): Reply {
  const body = Buffer.from(JSON.stringify(value));
  return { status: 200, body, etag: computeEtag(body), cache, tagHeaders, size: body.length + 100 };
}

/** The body to send and its validator: compressed by Accept-Encoding, with an ETag per coding (RFC 9110 §8.8.3). */
function selectBody(req: IncomingMessage, reply: Reply): { body: Buffer; etag?: string | undefined; coding?: Coding | undefined } {
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
 * The one writer of API answers (REST, the MCP route's own errors, unknown /api paths):
 * `common` holds the per-request fields (CORS, rate limits, deprecation). The body goes out
 * compressed when the client accepts br or gzip (with `Vary: Accept-Encoding`); a matching
 * If-None-Match turns a 200 into a bodiless 304 with the same validators; HEAD gets the headers of GET (node:http drops the body itself).
 */
export function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply, common: readonly string[]): void {
  const headers = [...common, ...CACHE_HEADERS[reply.cache]];
  if (reply.tagHeaders) headers.push(...reply.tagHeaders);
  if (reply.headers) headers.push(...reply.headers);
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
  headers.push('Content-Type', 'application/json', 'Content-Length', String(body.length));
  res.writeHead(reply.status, headers);
  res.end(body);
}
