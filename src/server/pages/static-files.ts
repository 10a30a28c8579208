import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import sirv from 'sirv';
import { CORS_HEADERS } from '../../core/cors-headers.ts';
import { computeEtag } from '../../http/etag.ts';
import { LruCache } from '../../core/lru-cache.ts';
import { buildPageSecurityHeaders, COMMON_SECURITY_HEADERS } from '../../core/page-security.ts';
import { registerCache } from '../observe/metric-sources.ts';
import { CACHE_HEADERS, type CacheClass } from '../../core/cdn/cache-policy.ts';
import { isCompressedSibling } from '../../contracts/published/compressed-siblings.ts';
import { isHiddenPath, isHostFile } from '../../publish/served-path.ts';
import { answerFile, withEcho, type CachedFile } from './write-file.ts';
import { respond } from '../../function/light-response.ts';
import { runSirv, type SirvFile, type SirvHead, type SirvRoute } from './sirv-capture.ts';
import { buildFileHeaders } from '../../http/file-headers.ts';
import { resolveContentType } from '../../contracts/published/file-types.ts';
import type { LinkHeaderFor } from './page-links.ts';

/** Files up to this size are answered from memory after their first request. */
const MAX_CACHED_FILE = 8 * 1024 * 1024;
const CACHE_BYTES = 96 * 1024 * 1024;
const CACHE_ENTRIES = 50_000;

/** How a file answers: its status (404 for the not-found page) and its route's cache class. */
export interface ServeOptions {
  /** Header pairs of the request's own to send back (its X-Request-Id). */
  echo?: readonly string[];
  status?: number;
  /** The cache class of the route (route-table.ts): a page route's HTML and Markdown are pages. */
  cache?: CacheClass;
}

/** What decides a file answer's headers besides the file. */
type Variant = Required<Pick<ServeOptions, 'status' | 'cache'>>;

/** Serves the prerendered files of the build. */
export interface StaticFiles {
  /**
   * The answer of the file `path` names (as sirv resolves it: `/x` → x.html, precompressed
   * siblings by Accept-Encoding) to a request of `method` with `headers`, with the `echo`
   * header pairs first. Undefined when no file. A file held in memory is answered at once (no promise).
   */
  answer(method: string, headers: IncomingHttpHeaders, path: string, options?: ServeOptions): Response | undefined | Promise<Response | undefined>;
}

/** What the files answer needs besides the folder: the page CSP, cache tags, other builds' assets. */
export interface StaticFilesOptions {
  /** The Content-Security-Policy of every page (security-headers.ts). */
  csp: string;
  /** The cache-tag header pairs of a file's answer. */
  tagHeaders: (path: string) => readonly string[];
  /** Client folders of other builds whose hashed assets are still served (skew protection). */
  assetSources: () => readonly string[];
  /** The Link header of a file's answer (its Markdown twin, the API catalog), if any. */
  linkFor?: LinkHeaderFor;
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
 * mode does not hide dotfiles. Precompressed siblings (`x.html.br`) are never addresses of
 * their own: sirv picks them by Accept-Encoding for their original only; nor are the static
 * hosts' `_headers` and `_redirects`. In front of it, a bounded in-memory cache of bytes and
 * precomputed headers answers hot files without touching the disk: resolution and I/O only
 * happen on a miss.
 */
export function createStaticFiles(clientDir: string, options: StaticFilesOptions): StaticFiles {
  const { csp, tagHeaders, assetSources, linkFor = () => undefined } = options;
  const pageSecurity = buildPageSecurityHeaders(csp);
  const sirvOf = (dir: string) => sirv(dir, { dev: true, etag: false, brotli: true, gzip: true, extensions: ['html'], dotfiles: false });
  const handler = sirvOf(clientDir);
  const otherHandlers = new Map<string, ReturnType<typeof sirvOf>>();
  const cache = new LruCache<CachedFile>(CACHE_ENTRIES, CACHE_BYTES);
  registerCache('static-files', cache); // ops: hit ratio on /metrics

  function buildHeaders(path: string, head: SirvHead, { status, cache }: Variant): string[] {
    const h = head.headers;
    const type = resolveContentType(String(h['Content-Type'] ?? ''), path);
    const encoding = h['Content-Encoding'] === undefined ? undefined : String(h['Content-Encoding']);
    return buildFileHeaders(path, type, cache, status, { pageSecurity, tagHeaders, linkFor }, encoding);
  }

  function toCachedFile(path: string, head: SirvHead, body: Buffer, variant: Variant): CachedFile {
    const etag = computeEtag(body);
    const base = buildHeaders(path, head, variant);
    const notModifiedHeaders = [...base, 'ETag', etag];
    const headers = [...notModifiedHeaders, 'Accept-Ranges', 'bytes', 'Content-Length', String(body.length)];
    return { headers, notModifiedHeaders, body, etag, size: body.length + 512 };
  }

  /**
   * A hashed asset this build lacks, from another build still on disk: the one published since
   * (a page it served may already be at the edge) or an earlier one within the retention window
   * (pages cached at the edge before the switch still link it). Hashed names never change bytes.
   */
  async function resolveElsewhere(path: string, headers: Record<string, string>, route: (head: SirvHead) => SirvRoute): Promise<SirvFile | 'forwarded' | null> {
    for (const dir of assetSources()) {
      let other = otherHandlers.get(dir);
      if (!other) otherHandlers.set(dir, (other = sirvOf(dir)));
      const result = await runSirv(other, path, headers, route);
      if (result !== null) return result;
    }
    return null;
  }

  /** The variant's answer from the cached file: conditions and ranges on a 200, else the status as is. */
  function answerCached(method: string, requestHeaders: IncomingHttpHeaders, file: CachedFile, echo: readonly string[], status: number): Response {
    if (status === 200) return answerFile(method, requestHeaders, file, echo);
    return respond(status, withEcho(file.headers, echo), file.body);
  }

  /** A file not in memory: resolved by sirv, read, and cached (or streamed, when too large). */
  async function answerMiss(method: string, requestHeaders: IncomingHttpHeaders, path: string, key: string, acceptEncoding: string, echo: readonly string[], variant: Variant): Promise<Response | undefined> {
    const { status, cache: cacheClass } = variant;
    // Larger than the cache takes: streamed whole from the file, and says it does not do ranges.
    let streamed: ((response: Response) => void) | undefined;
    const forwarded = new Promise<Response>((resolve) => (streamed = resolve));
    // sirv never sees Range or conditions: it resolves the file, the rules below answer them.
    const route = (head: SirvHead): SirvRoute => {
      const length = Number(head.headers['Content-Length'] ?? 0);
      if (head.status === 200 && length <= MAX_CACHED_FILE) return { buffer: true };
      return {
        buffer: false,
        forward: (h) => {
          const sent = h.status === 200 ? status : h.status;
          const headers = [...echo, ...buildHeaders(path, h, { ...variant, status: sent }), 'Accept-Ranges', 'none'];
          if (h.headers['Content-Length'] !== undefined) headers.push('Content-Length', String(h.headers['Content-Length']));
          const pipe = new PassThrough();
          streamed!(respond(sent, headers, null, (res) => {
            res.writeHead(sent, headers);
            pipe.pipe(res);
            res.once('close', () => pipe.destroy());
          }));
          return pipe as never;
        },
      };
    };
    const wanted = { 'accept-encoding': acceptEncoding };
    const resolving = runSirv(handler, path, wanted, route).then((found) => found ?? (cacheClass === 'asset' ? resolveElsewhere(path, wanted, route) : null));
    const result = await Promise.race([resolving, forwarded]);
    if (result instanceof Response) return result;
    if (result === null) return undefined;
    if (result === 'forwarded') return forwarded;
    const file = toCachedFile(path, result, result.body, variant);
    cache.set(key, file);
    return answerCached(method, requestHeaders, file, echo, status);
  }

  return {
    answer(method, requestHeaders, path, { echo = [], status = 200, cache: cacheClass = 'published' } = {}) {
      const decoded = decodeLikeSirv(path); // as sirv will read it
      if (isHiddenPath(decoded) || isCompressedSibling(decoded) || isHostFile(decoded)) return undefined;
      const acceptEncoding = requestHeaders['accept-encoding'] ?? '';
      const key = `${/(br|brotli)/i.test(acceptEncoding) ? 'b' : ''}${acceptEncoding.includes('gzip') ? 'g' : ''}${status}${cacheClass} ${path}`;
      const file = cache.get(key);
      if (file) return answerCached(method, requestHeaders, file, echo, status);
      return answerMiss(method, requestHeaders, path, key, acceptEncoding, echo, { status, cache: cacheClass });
    },
  };
}
