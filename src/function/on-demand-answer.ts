import { CACHE_HEADERS, type CacheClass } from '../core/cdn/cache-policy.ts';
import { matchesIfNoneMatch } from '../http/conditional.ts';
import { computeEtag } from '../http/etag.ts';
import { toHeaders } from './web-reply.ts';

/** Renders an on-demand Astro page (/search, /studio, the tail's template pages) where the runtime can run the build's server entry (Node). */
export type { AstroPage } from '../server/pages/astro-request.ts';

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

/**
 * Finishes an on-demand answer as the origin does (holdOnDemandAnswer): a 200 gets the search
 * pages' cache class and an ETag from its bytes (304 on If-None-Match), anything else `no-store`;
 * every answer gets the request's common headers and the Link of its page.
 */
export async function finishOnDemand(request: Request, answer: Response, common: readonly string[], link: string): Promise<Response> {
  const body = new Uint8Array(await answer.arrayBuffer());
  const ok = answer.status === 200;
  const type = answer.headers.get('content-type') ?? 'text/plain';
  const pairs = [...common, 'Link', link, ...CACHE_HEADERS[ok ? 'search' : 'none']];
  if (ok) {
    const etag = computeEtag(body);
    pairs.push('ETag', etag);
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: toHeaders(pairs) });
  }
  pairs.push('Content-Type', type === 'text/html' ? 'text/html; charset=utf-8' : type, 'Content-Length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : body, { status: answer.status, headers: toHeaders(pairs) });
}
