import type { APIContext } from 'astro';
import { CACHE_HEADERS, type CacheClass } from '../core/cdn/cache-policy.ts';
import { formatTagHeader, GROUP_TAGS } from '../core/cdn/cache-tags.ts';
import { toHtmlPath, toMarkdownPath } from '../core/links/to-markdown-path.ts';
import { formatLinkHeader, listSiteLinks, type WebLink } from '../contracts/published/build-page-links.ts';
import type { Compress } from '../http/content-coding.ts';
import { createOnDemandLinks } from '../http/on-demand-links.ts';
import { isMarkdownPath, prefersMarkdown } from '../http/markdown-negotiation.ts';
import { GET as getSearchMarkdown } from '../pages/search.md.ts';
import { planSearchPage } from '../components/catalog/plan-search-page.ts';
import { answerStudio } from './answer-studio.ts';
import { fillSearchShell } from './fill-search-shell.ts';
import type { RewriterClass } from './html-rewrite.ts';
import type { Catalog } from '../core/catalog/catalog.ts';
import type { Config } from '../schemas/config.ts';
import { finishOnDemand, htmlAnswer, reclass, type AstroPage, type OnDemandFinish } from './on-demand-answer.ts';
import { textResponse } from './web-reply.ts';

/** How the pipeline asks the static half to answer a file: as the route's class, with a status, after the request's own headers. */
export interface StaticAnswer {
  status?: number;
  cache?: CacheClass;
  echo?: readonly string[];
}

/**
 * The static half: a file by its path, as the static host answers a GET (or HEAD) of it; a 404
 * when it has none. `exact` static halves (the origin's files) answer with the route's own
 * headers (`as`), which the pages then pass on untouched; the others' answers are reclassed.
 */
export type StaticHalf = ((request: Request, path: string, as?: StaticAnswer) => Promise<Response>) & { exact?: boolean };

/** An on-demand page: its answer to a request of its path, or undefined to let the files answer. */
export type OnDemandAnswerer = (request: Request, url: URL, common: readonly string[]) => Promise<Response | undefined>;

/** What the page answers read. */
export interface PageContext {
  catalog: Catalog;
  config: Config;
  staticHalf: StaticHalf;
  astroPage: AstroPage | undefined;
  /** The runtime's HTMLRewriter, which fills the prerendered pages where the Astro page does not run. */
  rewriter: RewriterClass | undefined;
  compress: Compress | undefined;
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
 * The on-demand pages, by path: /search.md (the Astro endpoint itself, run here), /search (the
 * Astro page where the runtime runs it, else the home page filled), /studio. Each answer goes
 * through the one finishing step (finishOnDemand). A new on-demand page is one more entry.
 */
function createOnDemandAnswerers(ctx: PageContext): Record<string, OnDemandAnswerer> {
  const links = createOnDemandLinks(ctx.config.SITE_URL);
  const locals = { catalog: ctx.catalog, config: ctx.config };
  const finish: OnDemandFinish = { tags: formatTagHeader(ctx.config.CACHE_TAG_HEADER, [GROUP_TAGS.lists]), compress: ctx.compress };
  const searchMarkdown = (request: Request, url: URL) => getSearchMarkdown({ url, locals, request } as unknown as APIContext) as Response;
  // A file of the static half as the page's body: a plain GET, whatever the request's conditions.
  const readStatic = (url: URL, path: string) => ctx.staticHalf(new Request(new URL(path, url)), path);
  return {
    '/search.md': async (request, url, common) => finishOnDemand(request, searchMarkdown(request, url), common, links('/search.md', url.search), finish),
    '/search': async (request, url, common) => {
      if (prefersMarkdown(request.headers.get('accept') ?? undefined)) {
        return finishOnDemand(request, searchMarkdown(request, new URL(`/search.md${url.search}`, url)), common, links('/search.md', url.search), finish);
      }
      const page = ctx.astroPage && (await ctx.astroPage(request, locals));
      if (page) return finishOnDemand(request, page, common, links('/search', url.search), finish);
      const shell = await readStatic(url, '/');
      // The home page's markup filled with the page through the runtime's HTML rewriter; without
      // one (a platform that gives none) it is answered as is, and its script fills it from the API.
      if (!ctx.rewriter || !shell.ok) return reclass(shell, 'search');
      const plan = planSearchPage(ctx.catalog, url.searchParams);
      const html = await fillSearchShell(ctx.rewriter, await shell.text(), plan, ctx.config.SITE_URL, ctx.catalog.categories);
      return finishOnDemand(request, htmlAnswer(html, plan.status), common, links('/search', url.search), finish);
    },
    '/studio': (request, url, common) => answerStudio({ ...ctx, links, readStatic, finish }, request, url, common),
  };
}

/**
 * The answers of every file route: the on-demand pages, and Markdown by `Accept` on every
 * page: the `.md` twin from the static half, with the page's cache class (`Vary: Accept`); a
 * page without a twin answers the 404 twin. Everything else is the static half's answer (its
 * 404 the 404 page). `echo` is what every answer carries first (the request id).
 */
export function createPageAnswers(ctx: PageContext) {
  const site = ctx.config.SITE_URL;
  const siteLinks = listSiteLinks(site);
  const onDemand = createOnDemandAnswerers(ctx);
  const exact = ctx.staticHalf.exact === true;
  const pass = (answer: Response, path: string) => (exact ? answer : addTwinLink(answer, path, site, siteLinks));

  return async (request: Request, url: URL, cache: CacheClass, echo: readonly string[], common: readonly string[]): Promise<Response> => {
    const path = url.pathname;
    const answerer = Object.hasOwn(onDemand, path) ? onDemand[path] : undefined;
    const page = answerer && (await answerer(request, url, common));
    if (page) return page;
    const wantsMarkdown = prefersMarkdown(request.headers.get('accept') ?? undefined);
    const twin = wantsMarkdown ? toMarkdownPath(path) : null;
    if (twin) {
      const answer = await ctx.staticHalf(request, twin, { cache, echo });
      if (answer.ok || answer.status === 304) return exact ? answer : pass(reclass(answer, 'page'), path);
    }
    const own = await ctx.staticHalf(request, path, { cache, echo });
    if (own.status !== 404) return pass(own, path);
    const notFoundPath = wantsMarkdown || isMarkdownPath(path) ? '/404.md' : '/404';
    const notFound = await ctx.staticHalf(request, notFoundPath, { cache, echo, status: 404 });
    if (exact && notFound.status === 404 && notFound.headers.has('content-type')) return notFound;
    if (!exact && notFound.ok) return reclass(notFound, 'none', 404);
    return textResponse(404, 'Not found\n', [...echo, ...CACHE_HEADERS.none]);
  };
}
