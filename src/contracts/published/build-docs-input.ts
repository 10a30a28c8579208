import type { Catalog } from '../../core/catalog/catalog.ts';
import type { DocsFile, DocsInput } from '../../core/markdown/docs-content.ts';
import { API_CATALOG_PATH, ARD_PATH, SERVER_CARD_WELL_KNOWN_PATH, SKILLS_INDEX_PATH } from '../discovery/discovery-paths.ts';
import { buildMcpDocs } from '../mcp/build-mcp-docs.ts';

/** The machine-readable files of the site, as the guide lists them. */
export function listPublishedFiles(siteUrl: string): DocsFile[] {
  return [
    { label: 'OpenAPI 3.1', url: `${siteUrl}/openapi.json` },
    { label: 'llms.txt', url: `${siteUrl}/llms.txt` },
    { label: 'Every template in one Markdown file', url: `${siteUrl}/llms-full.txt` },
    { label: 'Sitemaps', url: `${siteUrl}/sitemap.xml` },
    { label: 'Sitemap in Markdown', url: `${siteUrl}/sitemap.md` },
    { label: 'API catalog (RFC 9727)', url: `${siteUrl}${API_CATALOG_PATH}` },
    { label: 'ARD manifest (agentic resources)', url: `${siteUrl}${ARD_PATH}` },
    { label: 'MCP server card', url: `${siteUrl}${SERVER_CARD_WELL_KNOWN_PATH}` },
    { label: 'Agent skills', url: `${siteUrl}${SKILLS_INDEX_PATH}` },
    { label: 'robots.txt with the content signals', url: `${siteUrl}/robots.txt` },
  ];
}

/** What /docs, /docs.md and the agent skill are written from: gathered once, in one place. */
export function buildDocsInput(siteUrl: string, catalog: Catalog): DocsInput {
  return {
    siteUrl,
    exampleSlug: catalog.templates[0]?.slug ?? 'my-template',
    mcp: buildMcpDocs(siteUrl),
    files: listPublishedFiles(siteUrl),
  };
}
