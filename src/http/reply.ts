import { CACHE_HEADERS, type CacheClass } from '../core/cdn/cache-policy.ts';
import { computeEtag } from './etag.ts';

/** An API answer before it is written: handlers return these, errors become these. */
export interface Reply {
  status: number;
  body: Uint8Array;
  /** Strong validator of `body`; 200 answers carry one. */
  etag?: string;
  /** The cache policy it is written with (Cache-Control, Vary). */
  cache: CacheClass;
  /** The CDN's cache-tag header pairs, on answers a CDN may keep. */
  tagHeaders?: readonly string[];
  /** Extra header name/value pairs (e.g. Retry-After). */
  headers?: readonly string[];
  /** Its media type; unset, JSON (every API answer). */
  type?: string;
  /** Bytes held, for caches of replies. */
  size: number;
  /**
   * Compressed bodies made so far (the origin compresses; the function leaves it to its host):
   * a cached reply is compressed once per coding, not per request. Not counted in `size`: JSON
   * compresses to under a fifth, so a cache's byte bound holds within ~40 % with both codings made.
   */
  encoded?: Partial<Record<string, Uint8Array>>;
}

const encoder = new TextEncoder();

/** A 200 JSON answer with its ETag, its cache class and cache tags. */
export function createJsonReply(value: unknown, cache: CacheClass, tagHeaders: readonly string[] = []): Reply {
  const body = encoder.encode(JSON.stringify(value));
  return { status: 200, body, etag: computeEtag(body), cache, tagHeaders, size: body.length + 100 };
}

/**
 * The header pairs of a reply in the order every writer sends them: `common` (request id, CORS,
 * rate limits, deprecation), then the cache class, cache tags and the reply's own headers.
 * The writers add ETag, Content-Encoding, Content-Type and Content-Length.
 */
export function listReplyHeaders(reply: Reply, common: readonly string[]): string[] {
  const headers = [...common, ...CACHE_HEADERS[reply.cache]];
  if (reply.tagHeaders) headers.push(...reply.tagHeaders);
  if (reply.headers) headers.push(...reply.headers);
  return headers;
}

/** The media type of every API answer. */
export const JSON_TYPE = 'application/json';
