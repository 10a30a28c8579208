import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { markdownResponse } from '../core/markdown/markdown-response.ts';
import { renderUnavailableMarkdown } from '../core/markdown/render-unavailable-markdown.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

/** /unavailable.md: the Markdown twin of the page a static host answers while the function is down. */
export const GET: APIRoute = () => {
  const config = getConfig();
  return markdownResponse(renderUnavailableMarkdown(config.SITE_URL, loadSiteCatalog(config).catalog.categories));
};
