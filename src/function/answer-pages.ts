import type { APIContext } from 'astro';
import { CACHE_HEADERS, type CacheClass } from '../core/cdn/cache-policy.ts';
import { toMarkdownPath } from '../core/links/to-markdown-path.ts';
import { computeEtag } from '../http/etag.ts';
import { matchesIfNoneMatch } from '../http/conditional.ts';
import { createOnDemandLinks } from '../http/on-demand-links.ts';
import { isMarkdownPath, prefersMarkdown } from '../http/markdown-negotiation.ts';
import { GET as getSearchMarkdown } from '../pages/search.md.ts';
import type { Catalog } from '../core/catalog/catalog.ts';
import type { Config } from '../schemas/config.ts';
import { textResponse, toHeaders } from './web-reply.ts';

/** The static half: a file by its path, as the static host answers a GET (or HEAD) of it. */
export type StaticHalf = (request: Request, path: string) => Promise<Response>;

/** Renders /search as HTML where the runtime can run the Astro page; undefined where it cannot. */
export type SearchPage = (request: Request, locals: { catalog: Catalog; config: Config }) => Promise<Response>;

/** What the page answers read. */
export interface PageContext {
  catalog: Catalog;
  config: Config;
  staticHalf: StaticHalf;
  searchPage: SearchPage | undefined;
}

/** A response with the cache headers of `cls` in place of the static half's own. */
function reclass(response: Response, cls: CacheClass, status = response.status): Response {
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
async function finishOnDemand(request: Request, answer: Response, common: readonly string[], link: string): Promise<Response> {
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

/**
 * The pages the function answers: /search.md (the Astro endpoint itself, run here), /search
 * (HTML where the runtime runs the Astro page, else the home page as a shell), and
 * Markdown by `Accept` on every page: the `.md` twin from the static half, with the page's cache
 * class (`Vary: Accept`); a page without a twin answers the 404 twin. Everything else is the
 * static half's answer as is.
 */
export function createPageAnswers(ctx: PageContext) {
  const links = createOnDemandLinks(ctx.config.SITE_URL);
  const locals = { catalog: ctx.catalog, config: ctx.config };
  const searchMarkdown = (request: Request, url: URL) => getSearchMarkdown({ url, locals, request } as unknown as APIContext) as Response;

  return async (request: Request, url: URL, common: readonly string[]): Promise<Response> => {
    const path = url.pathname;
    const wantsMarkdown = prefersMarkdown(request.headers.get('accept') ?? undefined);
    if (path === '/search.md') return finishOnDemand(request, searchMarkdown(request, url), common, links(path, url.search));
    if (path === '/search') {
      if (wantsMarkdown) return finishOnDemand(request, searchMarkdown(request, new URL(`/search.md${url.search}`, url)), common, links('/search.md', url.search));
      // Where the Astro page cannot run (workerd), the home page is the shell: the same grid,
      // whose script reads the address and fills it from the API (without JavaScript it shows
      // the first page of every template; /search.md answers any query in full).
      if (!ctx.searchPage) return reclass(await ctx.staticHalf(request, '/'), 'search');
      return finishOnDemand(request, await ctx.searchPage(request, locals), common, links(path, url.search));
    }
    const twin = wantsMarkdown ? toMarkdownPath(path) : null;
    if (twin) {
      const answer = await ctx.staticHalf(request, twin);
      if (answer.ok || answer.status === 304) return reclass(answer, 'page');
    }
    if (wantsMarkdown || isMarkdownPath(path)) {
      const own = await ctx.staticHalf(request, path);
      if (own.status !== 404) return own;
      const notFound = await ctx.staticHalf(request, '/404.md');
      return notFound.ok ? reclass(notFound, 'none', 404) : textResponse(404, 'Not found\n', [...common, ...CACHE_HEADERS.none]);
    }
    const answer = await ctx.staticHalf(request, path);
    if (answer.status !== 404) return answer;
    const notFound = await ctx.staticHalf(request, '/404');
    return notFound.ok ? reclass(notFound, 'none', 404) : answer;
  };
}
