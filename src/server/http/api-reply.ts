import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesIfNoneMatch } from './conditional.ts';
import { computeEtag } from './etag.ts';

/** Cache policy of successful API answers: fresh for a minute, then served stale while a CDN revalidates. */
export const API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** An API answer before it is written: handlers return these, errors become these. */
export interface Reply {
  status: number;
  body: Buffer;
  /** Strong validator of `body`; 200 answers carry one. */
  etag?: string;
  cacheControl: string;
  /** Extra header name/value pairs (e.g. Retry-After). */
  headers?: readonly string[];
  /** Bytes held, for caches of replies. */
  size: number;
}

/** A 200 JSON answer with its ETag. */
export function createJsonReply(value: unknown): Reply {
  const body = Buffer.from(JSON.stringify(value));
  return { status: 200, body, etag: computeEtag(body), cacheControl: API_CACHE_CONTROL, size: body.length + 100 };
}

/**
 * Writes an API answer: `common` holds the per-request fields (CORS, rate limits,
 * deprecation). A matching If-None-Match turns a 200 into a bodiless 304 with the same
 * validators; HEAD gets the headers of GET (node:http drops the body itself).
 */
export function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply, common: readonly string[]): void {
  const headers = [...common, 'Cache-Control', reply.cacheControl];
  if (reply.headers) headers.push(...reply.headers);
  if (reply.etag) {
    headers.push('ETag', reply.etag);
    if (reply.status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], reply.etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  headers.push('Content-Type', 'application/json', 'Content-Length', String(reply.body.length));
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}
