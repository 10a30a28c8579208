import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { markdownResponse } from '../core/markdown/markdown-response.ts';
import { renderDocsMarkdown } from '../core/markdown/render-docs-markdown.ts';
import { buildDocsInput } from '../contracts/published/build-docs-input.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

/** /docs.md: the Markdown twin of the API and MCP guide (the guide /docs renders). */
export const GET: APIRoute = () => {
  const config = getConfig();
  return markdownResponse(renderDocsMarkdown(buildDocsInput(config.SITE_URL, loadSiteCatalog(config).catalog)));
};
