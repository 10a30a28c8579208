import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sirv from 'sirv';
import { CORS_HEADERS } from '../http/cors.ts';
import { evaluatePreconditions, selectRange } from '../http/conditional.ts';
import { computeEtag } from '../http/etag.ts';
import { LruCache } from '../../core/lru-cache.ts';
import { buildPageSecurityHeaders, COMMON_SECURITY_HEADERS } from '../http/security-headers.ts';
import { registerCache } from '../observe/metric-sources.ts';
import { runSirv, type SirvHead } from './sirv-capture.ts';
import type { LinkHeaderFor } from './page-links.ts';
import { isPageType, resolveContentType, selectCacheControl } from './static-headers.ts';

/** Files up to this size are answered from memory after their first request. */
const MAX_CACHED_FILE = 8 * 1024 * 1024;
const CACHE_BYTES = 96 * 1024 * 1024;
const CACHE_ENTRIES = 50_000;

interface CachedFile {
  headers: string[];
  notModifiedHeaders: string[];
  body: Buffer;
  etag: string;
  size: number;
}

/** Serves the prerendered files of the build. */
export interface StaticFiles {
  /**
   * Answers with the file `path` names (as sirv resolves it: `/x` → x.html, precompressed
   * siblings by Accept-Encoding), with the `echo` header pairs added. `status` overrides 200
   * (the 404 page). False when no file.
   */
  serve(req: IncomingMessage, res: ServerResponse, path: string, echo: readonly string[], status?: number): Promise<boolean>;
}

function decodeBody(body: Buffer, encoding: unknown): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/** Dot-segments (`/.env`, `/..`) after sirv's own decoding; only /.well-known is public. */
const HIDDEN = /\/\.(?!well-known(?:\/|$))/;

function decodeLikeSirv(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * Answers a 200 file by RFC 9110's rules: If-Match (412), If-None-Match (304), then Range with
 * If-Range (206 with the asked bytes, the ETag and Content-Range; 416 typed as text with
 * `Content-Range: bytes *\/size`). Ranges are cut from the cached bytes, so a 206 costs no I/O.
 */
function writeFile(req: IncomingMessage, res: ServerResponse, file: CachedFile, echo: readonly string[]): void {
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
    res.writeHead(416, [...echo, 'Content-Type', 'text/plain; charset=utf-8', 'Content-Range', `bytes */${size}`, 'Cache-Control', 'no-store', ...CORS_HEADERS, ...COMMON_SECURITY_HEADERS]);
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
function withEcho(headers: string[], echo: readonly string[]): string[] {
  return echo.length ? echo.concat(headers) : headers;
}

/**
 * Static files through sirv, which decides which file a URL names (`/x` → x.html,
 * precompressed siblings by Accept-Encoding) and never leaves `clientDir` (it normalizes
 * the joined path and checks the prefix). sirv's production mode would pre-scan the folder,
 * but that costs ~10 µs per file synchronously (0.7 s for the 65k files of a 10,000-template
 * build), so it runs in per-request mode; dot-segments are refused before it, because that
 * mode does not hide dotfiles. In front of it, a bounded in-memory cache of bytes and
 * precomputed headers answers hot files without touching the disk: resolution and I/O only
 * happen on a miss.
 */
export function createStaticFiles(clientDir: string, buildCsp: (html: string | undefined) => string, linkFor: LinkHeaderFor = () => undefined): StaticFiles {
  const handler = sirv(clientDir, { dev: true, etag: false, brotli: true, gzip: true, extensions: ['html'], dotfiles: false });
  const cache = new LruCache<CachedFile>(CACHE_ENTRIES, CACHE_BYTES);
  registerCache('static-files', cache); // ops: hit ratio on /metrics

  function buildHeaders(path: string, head: SirvHead, html: string | undefined): string[] {
    const h = head.headers;
    const type = resolveContentType(String(h['Content-Type'] ?? ''), path);
    const page = isPageType(type);
    const headers = [
      'Content-Type', type,
      'Cache-Control', selectCacheControl(path),
      ...CORS_HEADERS,
      ...(type.startsWith('text/html') ? buildPageSecurityHeaders(buildCsp(html)) : COMMON_SECURITY_HEADERS),
      'Vary', page ? 'Accept, Accept-Encoding' : 'Accept-Encoding',
    ];
    if (h['Content-Encoding'] !== undefined) headers.push('Content-Encoding', String(h['Content-Encoding']));
    const link = linkFor(path, type);
    if (link) headers.push('Link', link);
    return headers;
  }

  function toCachedFile(path: string, head: SirvHead, body: Buffer): CachedFile {
    const etag = computeEtag(body);
    const isHtml = String(head.headers['Content-Type'] ?? '').startsWith('text/html');
    const base = buildHeaders(path, head, isHtml ? decodeBody(body, head.headers['Content-Encoding']) : undefined);
    const notModifiedHeaders = [...base, 'ETag', etag];
    const headers = [...notModifiedHeaders, 'Accept-Ranges', 'bytes', 'Content-Length', String(body.length)];
    return { headers, notModifiedHeaders, body, etag, size: body.length + 512 };
  }

  return {
    async serve(req, res, path, echo, status = 200) {
      if (HIDDEN.test(decodeLikeSirv(path))) return false;
      const acceptEncoding = req.headers['accept-encoding'] ?? '';
      const key = `${/(br|brotli)/i.test(acceptEncoding) ? 'b' : ''}${acceptEncoding.includes('gzip') ? 'g' : ''} ${path}`;
      let file = cache.get(key);
      if (!file) {
        // sirv never sees Range or conditions: it resolves the file, the rules below answer them.
        const result = await runSirv(handler, path, { 'accept-encoding': acceptEncoding }, (head) => {
          const length = Number(head.headers['Content-Length'] ?? 0);
          if (head.status === 200 && length <= MAX_CACHED_FILE) return { buffer: true };
          return {
            buffer: false,
            // Larger than the cache takes: streamed whole, and says it does not do ranges.
            forward: (h) => {
              const headers = [...echo, ...buildHeaders(path, h, undefined), 'Accept-Ranges', 'none'];
              if (h.headers['Content-Length'] !== undefined) headers.push('Content-Length', String(h.headers['Content-Length']));
              return res.writeHead(h.status === 200 ? status : h.status, headers);
            },
          };
        });
        if (result === null) return false;
        if (result === 'forwarded') return true;
        file = toCachedFile(path, result, result.body);
        cache.set(key, file);
      }
      if (status === 200) writeFile(req, res, file, echo);
      else {
        res.writeHead(status, withEcho(file.headers, echo));
        res.end(file.body);
      }
      return true;
    },
  };
}
