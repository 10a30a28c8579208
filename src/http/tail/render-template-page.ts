import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import type { Template } from '../../schemas/template.ts';

/** What the page is rendered with: the build's on-demand Astro pages (Request → Response) and their locals. */
type RenderAstro = (request: Request, locals: { catalog: Catalog; config: Config; socialImage?: string }) => Promise<Response | undefined>;

/**
 * A tail template page's HTML (TailSource.renderPage) through the build's on-demand route
 * `/templates/[...tail]`: a plain GET of the page's address, so nothing of the client's request
 * reaches the bytes, with its social image's address (the build's own: locate); undefined unless
 * the route answers 200.
 */
export function createTemplatePageRenderer(astroPage: RenderAstro, locals: { catalog: Catalog; config: Config }) {
  return async (_request: Request, template: Template, socialImage: string): Promise<string | undefined> => {
    const answer = await astroPage(new Request(new URL(`/templates/${template.slug}`, locals.config.SITE_URL), { headers: { accept: 'text/html' } }), { ...locals, socialImage });
    return answer?.status === 200 ? answer.text() : undefined;
  };
}
