import { CACHE_HEADERS, type CacheClass } from '../core/cdn/cache-policy.ts';
import { matchesIfNoneMatch } from '../http/conditional.ts';
import { chooseCoding, type Compress } from '../http/content-coding.ts';
import { computeEtag, toCodedEtag } from '../http/etag.ts';
import type { Catalog } from '../core/catalog/catalog.ts';
import type { Config } from '../schemas/config.ts';
import { respond } from './light-response.ts';
import { SEARCH_NOTE } from '../core/header-names.ts';

/**
 * Renders an on-demand Astro page (/search, /studio) where the runtime runs the build's server
 * entry (Node): Astro's Request → Response app; undefined when no on-demand route answers.
 */
export type AstroPage = (request: Request, locals: { catalog: Catalog; config: Config }) => Promise<Response | undefined>;

/** An HTML page answer for finishOnDemand. */
export const htmlAnswer = (html: string, status: number) => new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });

/** A response with the cache headers of `cls` in place of the static half's own. */
export function reclass(response: Response, cls: CacheClass, status = response.status): Response {
  const headers = new Headers(response.headers);
  headers.delete('Vary');
  const pairs = CACHE_HEADERS[cls];
  for (let i = 0; i < pairs.length; i += 2) headers.set(pairs[i]!, pairs[i + 1]!);
  return new Response(response.body, { status, headers });
}

/** How on-demand answers are finished on this runtime. */
export interface OnDemandFinish {
  /** The cache-tag header pairs of a 200 (the lists' tag: a publish purges them). */
  tags: readonly string[];
  /** The runtime's compressor (Node); absent where the platform compresses (workerd). */
  compress: Compress | undefined;
}

/**
 * The one finishing step of on-demand answers (/search, /search.md, /studio) on every runtime:
 * the whole body is held (these answers are small), a 200 gets the search pages' cache class,
 * the lists' cache tag and an ETag from its bytes (one per coding; 304 on If-None-Match),
 * anything else `no-store`; the body is compressed by Accept-Encoding where the runtime
 * compresses (from 1 KB); every answer gets the request's common headers and its page's Link.
 */
export async function finishOnDemand(request: Request, answer: Response, common: readonly string[], link: string, finish: OnDemandFinish): Promise<Response> {
  const body = new Uint8Array(await answer.arrayBuffer());
  const ok = answer.status === 200;
  const type = answer.headers.get('content-type') ?? 'text/plain';
  const pairs = [...common, 'Link', link, ...CACHE_HEADERS[ok ? 'search' : 'none']];
  if (ok) pairs.push(...finish.tags);
  // A search's note rides along for the access log; the runtime takes it off before answering.
  const note = answer.headers.get(SEARCH_NOTE);
  if (note) pairs.push(SEARCH_NOTE, note);
  const coding = chooseCoding(request.headers.get('accept-encoding'), body.length, finish.compress);
  if (ok) {
    const etag = toCodedEtag(computeEtag(body), coding);
    pairs.push('ETag', etag);
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return respond(304, pairs);
  }
  const sent = coding ? finish.compress!(body, coding) : body;
  if (coding) pairs.push('Content-Encoding', coding);
  pairs.push('Content-Type', type === 'text/html' ? 'text/html; charset=utf-8' : type, 'Content-Length', String(sent.length));
  return respond(answer.status, pairs, request.method === 'HEAD' ? null : sent);
}
