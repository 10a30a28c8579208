import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { markdownResponse } from '../core/markdown/markdown-response.ts';
import { renderDocsMarkdown } from '../core/markdown/render-docs-markdown.ts';
import { buildMcpDocs } from '../contracts/mcp/build-mcp-docs.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

/** /docs.md: the Markdown twin of the API and MCP guide. */
export const GET: APIRoute = () => {
  const config = getConfig();
  const exampleSlug = loadSiteCatalog(config).catalog.templates[0]?.slug ?? 'my-template';
  return markdownResponse(
    renderDocsMarkdown({ siteUrl: config.SITE_URL, restRateLimit: config.REST_RATE_LIMIT, mcpRateLimit: config.MCP_RATE_LIMIT, exampleSlug, mcp: buildMcpDocs(config.SITE_URL) }),
  );
};
