import type { APIContext } from 'astro';
import { formatTagHeader, GROUP_TAGS } from '../core/cdn/cache-tags.ts';
import { createOnDemandLinks } from '../http/on-demand-links.ts';
import { prefersMarkdown } from '../http/markdown-negotiation.ts';
import { GET as getSearchMarkdown } from '../pages/search.md.ts';
import { planSearchPage } from '../components/catalog/plan-search-page.ts';
import { answerStudio } from './answer-studio.ts';
import { fillSearchShell } from './fill-search-shell.ts';
import { SEARCH_NOTE } from '../core/header-names.ts';
import { finishOnDemand, htmlAnswer, reclass, type OnDemandFinish } from './on-demand-answer.ts';
import type { OnDemandAnswerer, PageContext } from './page-types.ts';

/**
 * The on-demand pages, by path: /search.md (the Astro endpoint itself, run here), /search (the
 * Astro page where the runtime runs it, else the home page filled), /studio. Each answer goes
 * through the one finishing step (finishOnDemand). A new on-demand page is one more entry here
 * and its path in ON_DEMAND_PATHS (answer-pages.ts). Imported on the first on-demand request
 * (the Markdown renderers and the search page's plan stay out of the cold start).
 */
export function createOnDemandAnswerers(ctx: PageContext): Record<string, OnDemandAnswerer> {
  const links = createOnDemandLinks(ctx.config.SITE_URL);
  const locals = { catalog: ctx.catalog, config: ctx.config };
  const finish: OnDemandFinish = { tags: formatTagHeader(ctx.config.CACHE_TAG_HEADER, [GROUP_TAGS.lists]), compress: ctx.compress };
  const searchMarkdown = (request: Request, url: URL) => getSearchMarkdown({ url, locals, request } as unknown as APIContext) as Response;
  // A file of the static half as the page's body: a plain GET, whatever the request's conditions.
  const readStatic = async (url: URL, path: string) => ctx.staticHalf(new Request(new URL(path, url)), path);
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
      if (!ctx.rewriter || !shell.ok) return reclass(shell, shell.ok ? 'search' : 'none');
      const plan = planSearchPage(ctx.catalog, url.searchParams);
      const html = await fillSearchShell(ctx.rewriter, await shell.text(), plan, ctx.config.SITE_URL, ctx.catalog.categories);
      const answer = htmlAnswer(html, plan.status);
      if (plan.note) answer.headers.set(SEARCH_NOTE, plan.note); // for the access log, as the Astro page sets it
      return finishOnDemand(request, answer, common, links('/search', url.search), finish);
    },
    '/studio': (request, url, common) => answerStudio({ ...ctx, links, readStatic, finish }, request, url, common),
  };
}

