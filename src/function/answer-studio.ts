import { CACHE_HEADERS } from '../core/cdn/cache-policy.ts';
import { readStudioRequest } from '../components/studio/read-studio-request.ts';
import type { Catalog } from '../core/catalog/catalog.ts';
import type { Config } from '../schemas/config.ts';
import { fillStudioPage } from './fill-studio-page.ts';
import type { RewriterClass } from './html-rewrite.ts';
import { finishOnDemand, htmlAnswer, type AstroPage, type OnDemandFinish } from './on-demand-answer.ts';
import { textResponse, toHeaders } from './web-reply.ts';

/** What /studio reads: the catalog and config, the Astro page where it runs, the static half's files and the on-demand Link. */
export interface StudioContext {
  catalog: Catalog;
  config: Config;
  astroPage: AstroPage | undefined;
  /** The runtime's HTMLRewriter, which fills the prerendered pages where the Astro page does not run. */
  rewriter: RewriterClass | undefined;
  readStatic(url: URL, path: string): Promise<Response>;
  links(path: string, search: string): string;
  finish: OnDemandFinish;
}

/**
 * /studio: the 302 to the studio link, as the origin's page decides it (readStudioRequest).
 * A request to fix answers 400 and an unknown template 404, `no-store`, as the origin does,
 * with the origin's page where the Astro page runs (Node with the server entry); elsewhere the
 * body is the prerendered page nearest to it: the template's page with its studio form (filled
 * and saying what to fix, where the runtime has an HTML rewriter), the 404 page, the home page.
 */
export async function answerStudio(ctx: StudioContext, request: Request, url: URL, common: readonly string[]): Promise<Response> {
  const outcome = readStudioRequest(ctx.catalog, url.searchParams, ctx.config.STUDIO_URL);
  const link = ctx.links('/studio', url.search);
  if (outcome.kind === 'redirect') return new Response(null, { status: 302, headers: toHeaders([...common, 'Link', link, ...CACHE_HEADERS.none, 'Content-Length', '0', 'Location', outcome.url]) });
  const rendered = ctx.astroPage && (await ctx.astroPage(request, { catalog: ctx.catalog, config: ctx.config }));
  if (rendered) return finishOnDemand(request, rendered, common, link, ctx.finish);
  const page = outcome.kind === 'fix' ? `/templates/${outcome.template.slug}` : outcome.kind === 'not_found' ? '/404' : '/';
  const body = await ctx.readStatic(url, page);
  const status = outcome.kind === 'not_found' ? 404 : 400;
  if (!body.ok) return finishOnDemand(request, textResponse(status, 'Not found\n', []), common, link, ctx.finish);
  const html = await body.text();
  return finishOnDemand(request, htmlAnswer(outcome.kind === 'fix' && ctx.rewriter ? await fillStudioPage(ctx.rewriter, html, outcome) : html, status), common, link, ctx.finish);
}
