import type { IncomingMessage, ServerResponse } from 'node:http';
import { CACHE_HEADERS } from '../../core/cdn/cache-policy.ts';
import { evaluatePreconditions, selectRange } from '../http/conditional.ts';
import { CORS_HEADERS } from '../../core/cors-headers.ts';
import { COMMON_SECURITY_HEADERS } from '../../core/page-security.ts';

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
 */
export function writeFile(req: IncomingMessage, res: ServerResponse, file: CachedFile, echo: readonly string[]): void {
  const outcome = evaluatePreconditions(req.method, req.headers, file.etag);
  if (outcome !== 'proceed') {
    res.writeHead(outcome === 'not-modified' ? 304 : 412, withEcho(file.notModifiedHeaders, echo));
    res.end();
    return;
  }
  const size = file.body.length;
  const range = selectRange(req.method, req.headers, file.etag, size);
  if (range === 'unsatisfiable') {
    const message = `The file has ${size} bytes; the asked range lies outside it.\n`;
    res.writeHead(416, [...echo, 'Content-Type', 'text/plain; charset=utf-8', 'Content-Range', `bytes */${size}`, ...CACHE_HEADERS.none, ...CORS_HEADERS, ...COMMON_SECURITY_HEADERS]);
    res.end(message);
    return;
  }
  if (range) {
    const headers = [...echo, ...file.notModifiedHeaders, 'Accept-Ranges', 'bytes', 'Content-Range', `bytes ${range.start}-${range.end}/${size}`, 'Content-Length', String(range.end - range.start + 1)];
    res.writeHead(206, headers);
    res.end(file.body.subarray(range.start, range.end + 1));
    return;
  }
  res.writeHead(200, withEcho(file.headers, echo));
  res.end(file.body);
}

/** A cached head with the request's own headers; the cached array itself is never changed. */
export function withEcho(headers: string[], echo: readonly string[]): string[] {
  return echo.length ? echo.concat(headers) : headers;
}

