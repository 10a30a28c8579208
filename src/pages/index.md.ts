import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { markdownResponse } from '../core/markdown/markdown-response.ts';
import { renderCatalogMarkdown } from '../core/markdown/render-catalog-markdown.ts';
import { HOME_LIMIT } from '../core/markdown/site-copy.ts';
import { listTemplates } from '../core/operations/list-templates.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

/** /index.md: the Markdown twin of the home page. */
export const GET: APIRoute = () => {
  const config = getConfig();
  const { catalog } = loadSiteCatalog(config);
  const newest = listTemplates(catalog, { limit: HOME_LIMIT });
  return markdownResponse(
    renderCatalogMarkdown({
      siteUrl: config.SITE_URL,
      categories: catalog.categories,
      countsByCategory: newest.facets?.category ?? {},
      newest: newest.templates,
      total: newest.total ?? newest.count,
    }),
  );
};
