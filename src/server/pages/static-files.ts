import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sirv from 'sirv';
import { CORS_HEADERS } from '../http/cors.ts';
import { computeEtag, matchesIfNoneMatch } from '../http/etag.ts';
import { LruCache } from '../../core/lru-cache.ts';
import { buildPageSecurityHeaders, COMMON_SECURITY_HEADERS } from '../http/security-headers.ts';
import { registerCache } from '../ops/metric-sources.ts';
import { runSirv, type SirvHead } from './sirv-capture.ts';
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
   * siblings by Accept-Encoding). `status` overrides 200 (the 404 page). False when no file.
   */
  serve(req: IncomingMessage, res: ServerResponse, path: string, status?: number): Promise<boolean>;
}

function decodeBody(body: Buffer, encoding: unknown): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/** Dot-segments (`/.env`, `/..`) after sirv's own decoding; only /.well-known is public. */
const HIDDEN = /\/\.(?!well-known(?:\/|$))/;

/**
 * The Range header when it is one well-formed `bytes=start-[end]` range, else undefined (RFC
 * 9110 lets a server ignore Range and answer 200 in full). sirv parses Range loosely: an end
 * before the start (`bytes=5-1`) made fs.createReadStream throw after the 206 head was
 * written, so the client saw a dropped connection; suffix ranges (`bytes=-5`) it misreads.
 */
function readUsableRange(range: string | undefined): string | undefined {
  const m = range === undefined ? null : /^bytes=(\d{1,15})-(\d{0,15})$/.exec(range.trim());
  if (!m) return undefined;
  return m[2] === '' || Number(m[1]) <= Number(m[2]) ? range : undefined;
}

function decodeLikeSirv(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
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
export function createStaticFiles(clientDir: string, buildCsp: (html: string | undefined) => string): StaticFiles {
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
    for (const name of ['Content-Encoding', 'Content-Range', 'Accept-Ranges']) {
      if (h[name] !== undefined) headers.push(name, String(h[name]));
    }
    return headers;
  }

  function toCachedFile(path: string, head: SirvHead, body: Buffer): CachedFile {
    const etag = computeEtag(body);
    const isHtml = String(head.headers['Content-Type'] ?? '').startsWith('text/html');
    const base = buildHeaders(path, head, isHtml ? decodeBody(body, head.headers['Content-Encoding']) : undefined);
    const notModifiedHeaders = [...base, 'ETag', etag];
    return { headers: [...notModifiedHeaders, 'Content-Length', String(body.length)], notModifiedHeaders, body, etag, size: body.length + 512 };
  }

  return {
    async serve(req, res, path, status = 200) {
      if (HIDDEN.test(decodeLikeSirv(path))) return false;
      const acceptEncoding = req.headers['accept-encoding'] ?? '';
      const range = readUsableRange(req.headers.range);
      const key = `${/(br|brotli)/i.test(acceptEncoding) ? 'b' : ''}${acceptEncoding.includes('gzip') ? 'g' : ''} ${path}`;
      let file = range ? undefined : cache.get(key);
      if (!file) {
        const result = await runSirv(handler, path, { 'accept-encoding': acceptEncoding, range }, (head) => {
          const length = Number(head.headers['Content-Length'] ?? 0);
          if (head.status === 200 && length <= MAX_CACHED_FILE) return { buffer: true };
          return {
            buffer: false,
            forward: (h) => {
              const headers = buildHeaders(path, h, undefined);
              for (const name of ['Content-Length', 'ETag']) if (h.headers[name] !== undefined) headers.push(name, String(h.headers[name]));
              return res.writeHead(h.status === 200 ? status : h.status, headers);
            },
          };
        });
        if (result === null) return false;
        if (result === 'forwarded') return true;
        if (result.status !== 200) {
          res.writeHead(result.status, buildHeaders(path, result, undefined));
          res.end();
          return true;
        }
        file = toCachedFile(path, result, result.body);
        if (!range) cache.set(key, file);
      }
      if (status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], file.etag)) {
        res.writeHead(304, file.notModifiedHeaders);
        res.end();
        return true;
      }
      res.writeHead(status, file.headers);
      res.end(file.body);
      return true;
    },
  };
}
