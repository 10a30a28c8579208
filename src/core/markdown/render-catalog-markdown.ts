import type { Category } from '../../schemas/catalog-file.ts';
import type { Template } from '../../schemas/template.ts';
import { categoryUrl } from './format-facts.ts';
import { bulletList, escapeMarkdown, joinBlocks, mdLink } from './markdown-text.ts';
import { renderTemplateListItem } from './render-template-markdown.ts';
import { HOME_LIMIT, SITE_NAME, SITE_TAGLINE } from './site-copy.ts';
import { countListPages, toNewestPagePath } from '../links/list-pages.ts';
import { renderPagerLine } from './render-pager-line.ts';
import { TOOL_NAMES } from '../tool-names.ts';

/** What the home twin is made from. */
export interface CatalogMarkdownInput {
  siteUrl: string;
  categories: readonly Category[];
  /** Number of templates per category id. */
  countsByCategory: Readonly<Record<string, number>>;
  /** The newest templates, already cut to what the home page shows. */
  newest: readonly Template[];
  /** Number of templates in the whole catalog. */
  total: number;
}

/** Links every twin ends with: where the API, MCP and machine-readable files are. */
export function renderMachineLinks(siteUrl: string): string {
  return `## For programs and agents\n\n${bulletList([
    `REST API: ${siteUrl}/api/v1/templates (search with \`?q=\`, filter with \`category\`, \`tier\`, \`format\`)`,
    `MCP server: ${siteUrl}/api/mcp (streamable HTTP; tools ${Object.values(TOOL_NAMES).map((n) => `\`${n}\``).join(', ')}, where \`${TOOL_NAMES.search}\` and \`${TOOL_NAMES.fetch}\` take the ChatGPT connector shapes; its tools, resources and prompts are listed in ${siteUrl}/api/mcp/server-card)`,
    `API guide: ${mdLink('docs', `${siteUrl}/docs`)} (${siteUrl}/docs.md)`,
    `OpenAPI: ${siteUrl}/openapi.json`,
    `llms.txt: ${siteUrl}/llms.txt`,
  ])}`;
}

/** The Markdown twin of the home page: what the catalog is, its categories and newest templates. */
export function renderCatalogMarkdown(input: CatalogMarkdownInput): string {
  const { siteUrl, categories, countsByCategory, newest, total } = input;
  const cats = categories.map(
    (c) => `${mdLink(c.label, categoryUrl(siteUrl, c.id))} (${countsByCategory[c.id] ?? 0}): ${escapeMarkdown(c.description)}`,
  );
  const more =
    total > newest.length
      ? `Showing the ${newest.length} newest of ${total} templates. All of them: ${siteUrl}/search (or ${siteUrl}/api/v1/templates).`
      : `All ${total} templates, newest first.`;
  const pager = renderPagerLine(siteUrl, 1, countListPages(total, HOME_LIMIT), toNewestPagePath);
  return joinBlocks([
    `# ${SITE_NAME}`,
    `> ${SITE_TAGLINE}`,
    `Pick a template, give your website, and the studio opens it with your logo, colours and copy. Export happens in the studio with your account; premium templates are paid per export. This site never makes videos. Custom animation: ${siteUrl}/requests.`,
    `## Categories\n\n${bulletList(cats)}`,
    `## Newest templates\n\n${more}\n\n${bulletList(newest.map(renderTemplateListItem))}`,
    pager,
    renderMachineLinks(siteUrl),
    `HTML version: ${siteUrl}/`,
  ]);
}
