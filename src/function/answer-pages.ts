import type { APIContext } from 'astro';
import { CACHE_HEADERS } from '../core/cdn/cache-policy.ts';
import { toHtmlPath, toMarkdownPath } from '../core/links/to-markdown-path.ts';
import { formatLinkHeader, listSiteLinks, type WebLink } from '../contracts/published/build-page-links.ts';
import { createOnDemandLinks } from '../http/on-demand-links.ts';
import { isMarkdownPath, prefersMarkdown } from '../http/markdown-negotiation.ts';
import { GET as getSearchMarkdown } from '../pages/search.md.ts';
import { planSearchPage } from '../components/catalog/plan-search-page.ts';
import { answerStudio } from './answer-studio.ts';
import { fillSearchShell } from './fill-search-shell.ts';
import type { RewriterClass } from './html-rewrite.ts';
import type { Catalog } from '../core/catalog/catalog.ts';
import type { Config } from '../schemas/config.ts';
import { finishOnDemand, htmlAnswer, reclass, type AstroPage } from './on-demand-answer.ts';
import { textResponse } from './web-reply.ts';
import { EVERY_ANSWER_HEADERS } from '../http/page-headers.ts';
import type { TailAnswer } from '../http/tail/answer-tail.ts';

/** The static half: a file by its path, as the static host answers a GET (or HEAD) of it. */
export type StaticHalf = (request: Request, path: string) => Promise<Response>;


/** The answer with `link` as its Link. */
function withLink(response: Response, link: string): Response {
  response.headers.set('Link', link);
  return response;
}

/** A tail answer with the headers the function puts on every answer (the static half's files carry them too). */
function finishTail(response: Response | undefined): Response | undefined {
  if (response) for (let i = 0; i < EVERY_ANSWER_HEADERS.length; i += 2) response.headers.set(EVERY_ANSWER_HEADERS[i]!, EVERY_ANSWER_HEADERS[i + 1]!);
  return response;
}

/** What the page answers read. */
export interface PageContext {
  catalog: Catalog;
  config: Config;
  staticHalf: StaticHalf;
  astroPage: AstroPage | undefined;
  /** The runtime's HTMLRewriter, which fills the prerendered pages where the Astro page does not run. */
  rewriter: RewriterClass | undefined;
  /** The tail's files on demand (src/http/tail), asked before a 404. */
  tail?: TailAnswer | undefined;
}

/**
 * A page's or twin's answer with the origin's Link: the site links and its other representation
 * as `alternate` (a host's rule cannot tell `/templates/x` from `/templates/x.md`, the function can).
 */
function addTwinLink(response: Response, path: string, site: string, siteLinks: readonly WebLink[]): Response {
  // Top-level pages have exact host rules that name their twin; folders of pages share one rule.
  if (response.status !== 200 || path.lastIndexOf('/') === 0 || response.headers.get('link')?.includes('rel="alternate"')) return response;
  const type = response.headers.get('content-type') ?? '';
  let alternate: WebLink | undefined;
  if (type.startsWith('text/html')) {
    const twin = toMarkdownPath(path);
    if (twin) alternate = { href: `${site}${twin}`, rel: 'alternate', type: 'text/markdown' };
  } else if (type.startsWith('text/markdown')) {
    alternate = { href: `${site}${isMarkdownPath(path) ? toHtmlPath(path) : path}`, rel: 'alternate', type: 'text/html' };
  }
  if (!alternate) return response;
  const headers = new Headers(response.headers);
  headers.set('Link', formatLinkHeader([...siteLinks, alternate]));
  return new Response(response.body, { status: response.status, headers });
}

/**
 * The pages the function answers: /search.md (the Astro endpoint itself, run here), /search
 * (the Astro page where the runtime runs it, else the home page filled, or as a shell), /studio, and
 * Markdown by `Accept` on every page: the `.md` twin from the static half, with the page's cache
 * class (`Vary: Accept`); a page without a twin answers the 404 twin. Everything else is the
 * static half's answer as is.
 */
export function createPageAnswers(ctx: PageContext) {
  const links = createOnDemandLinks(ctx.config.SITE_URL);
  const site = ctx.config.SITE_URL;
  const siteLinks = listSiteLinks(site);
  const locals = { catalog: ctx.catalog, config: ctx.config };
  const searchMarkdown = (request: Request, url: URL) => getSearchMarkdown({ url, locals, request } as unknown as APIContext) as Response;
  // A file of the static half as the page's body: a plain GET, whatever the request's conditions.
  const readStatic = (url: URL, path: string) => ctx.staticHalf(new Request(new URL(path, url)), path);

  return async (request: Request, url: URL, common: readonly string[]): Promise<Response> => {
    const path = url.pathname;
    const wantsMarkdown = prefersMarkdown(request.headers.get('accept') ?? undefined);
    if (path === '/search.md') return finishOnDemand(request, searchMarkdown(request, url), common, links(path, url.search));
    if (path === '/search') {
      if (wantsMarkdown) return finishOnDemand(request, searchMarkdown(request, new URL(`/search.md${url.search}`, url)), common, links('/search.md', url.search));
      if (ctx.astroPage) return finishOnDemand(request, await ctx.astroPage(request, locals), common, links(path, url.search));
      const shell = await readStatic(url, '/');
      // The home page's markup filled with the page through the runtime's HTML rewriter; without
      // one (a platform that gives none) it is answered as is, and its script fills it from the API.
      if (!ctx.rewriter || !shell.ok) return withLink(reclass(shell, 'search'), links(path, url.search));
      const plan = planSearchPage(ctx.catalog, url.searchParams);
      const html = await fillSearchShell(ctx.rewriter, await shell.text(), plan, site, ctx.catalog.categories);
      return finishOnDemand(request, htmlAnswer(html, plan.status), common, links(path, url.search));
    }
    if (path === '/studio') return answerStudio({ ...ctx, links, readStatic }, request, url, common);
    const twin = wantsMarkdown ? toMarkdownPath(path) : null;
    if (twin) {
      const answer = await ctx.staticHalf(request, twin);
      if (answer.ok || answer.status === 304) return addTwinLink(reclass(answer, 'page'), path, site, siteLinks);
      const tail = finishTail(answer.status === 404 ? await ctx.tail?.(request, twin) : undefined);
      if (tail) return addTwinLink(reclass(tail, 'page'), path, site, siteLinks);
    }
    if (wantsMarkdown || isMarkdownPath(path)) {
      const own = await ctx.staticHalf(request, path);
      if (own.status !== 404) return addTwinLink(own, path, site, siteLinks);
      const tail = finishTail(await ctx.tail?.(request, path));
      if (tail) return tail;
      const notFound = await ctx.staticHalf(request, '/404.md');
      return notFound.ok ? reclass(notFound, 'none', 404) : textResponse(404, 'Not found\n', [...common, ...CACHE_HEADERS.none]);
    }
    const answer = await ctx.staticHalf(request, path);
    if (answer.status !== 404) return addTwinLink(answer, path, site, siteLinks);
    const tail = finishTail(await ctx.tail?.(request, path));
    if (tail) return tail;
    const notFound = await ctx.staticHalf(request, '/404');
    return notFound.ok ? reclass(notFound, 'none', 404) : answer;
  };
}
