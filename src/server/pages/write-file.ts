import type { IncomingHttpHeaders } from 'node:http';
import { CACHE_HEADERS } from '../../core/cdn/cache-policy.ts';
import { evaluatePreconditions, selectRange } from '../http/conditional.ts';
import { CORS_HEADERS } from '../../core/cors-headers.ts';
import { COMMON_SECURITY_HEADERS } from '../../core/page-security.ts';
import { respond } from '../../function/light-response.ts';

/** A file held in memory with its headers made once. */
export interface CachedFile {
  headers: string[];
  notModifiedHeaders: string[];
  body: Buffer;
  etag: string;
  size: number;
}

/**
 * Answers a 200 file by RFC 9110's rules: If-Match (412), If-None-Match (304), then Range with
 * If-Range (206 with the asked bytes, the ETag and Content-Range; 416 typed as text with
 * `Content-Range: bytes *\/size`). Ranges are cut from the cached bytes, so a 206 costs no I/O.
 * HEAD gets GET's headers (node:http sends no body).
 */
export function answerFile(method: string, headers: IncomingHttpHeaders, file: CachedFile, echo: readonly string[]): Response {
  const outcome = evaluatePreconditions(method, headers, file.etag);
  if (outcome !== 'proceed') return respond(outcome === 'not-modified' ? 304 : 412, withEcho(file.notModifiedHeaders, echo));
  const size = file.body.length;
  const range = selectRange(method, headers, file.etag, size);
  if (range === 'unsatisfiable') {
    const message = `The file has ${size} bytes; the asked range lies outside it.\n`;
    return respond(416, [...echo, 'Content-Type', 'text/plain; charset=utf-8', 'Content-Range', `bytes */${size}`, ...CACHE_HEADERS.none, ...CORS_HEADERS, ...COMMON_SECURITY_HEADERS], message);
  }
  if (range) {
    const pairs = [...echo, ...file.notModifiedHeaders, 'Accept-Ranges', 'bytes', 'Content-Range', `bytes ${range.start}-${range.end}/${size}`, 'Content-Length', String(range.end - range.start + 1)];
    return respond(206, pairs, file.body.subarray(range.start, range.end + 1));
  }
  return respond(200, withEcho(file.headers, echo), file.body);
}

/** A cached head with the request's own headers; the cached array itself is never changed. */
export function withEcho(headers: string[], echo: readonly string[]): string[] {
  return echo.length ? echo.concat(headers) : headers;
}
