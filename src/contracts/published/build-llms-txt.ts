import type { Catalog } from '../../core/catalog/catalog.ts';
import { describeMcpEras, listMcpToolNames } from '../mcp/build-mcp-docs.ts';
import { MCP_PROMPTS } from '../mcp/prompts.ts';
import { formatDuration, formatPrice } from '../../core/markdown/format-facts.ts';
import { bulletList, escapeMarkdown, joinBlocks, mdLink } from '../../core/markdown/markdown-text.ts';
import { SITE_NAME } from '../../core/markdown/site-copy.ts';
import { DEFAULT_RATE_LIMITS } from '../../core/markdown/docs-content.ts';
import { TOOL_NAMES } from '../../core/tool-names.ts';
import type { Config } from '../../schemas/config.ts';
import { API_CATALOG_PATH, ARD_PATH, SERVER_CARD_WELL_KNOWN_PATH, SKILLS_INDEX_PATH } from '../discovery/discovery-paths.ts';
import { LLMS_FULL_MAX_TEMPLATES } from './build-llms-full-txt.ts';

/** How many newest templates llms.txt links; the rest are in sitemap.md and llms-full.txt. */
export const LLMS_TXT_MAX_TEMPLATES = 100;

type Site = Pick<Config, 'SITE_URL'>;

/** `- [name](url): notes`, the llmstxt.org file-list item. */
const item = (name: string, url: string, notes: string) => `${mdLink(name, url)}: ${notes}`;

function describeCoverage(total: number, site: string): string {
  const listed =
    total > LLMS_TXT_MAX_TEMPLATES
      ? `This file links the ${LLMS_TXT_MAX_TEMPLATES} newest of ${total} templates; ${site}/sitemap.md links every one.`
      : `This file links all ${total} templates.`;
  const full =
    total > LLMS_FULL_MAX_TEMPLATES
      ? `${site}/llms-full.txt holds the ${LLMS_FULL_MAX_TEMPLATES} newest in full (capped to keep it readable in one go); search the API for the rest.`
      : `${site}/llms-full.txt holds every template in full.`;
  return `${listed} ${full}`;
}

/**
 * `/llms.txt` (llmstxt.org): H1, a blockquote summary, plain paragraphs, then H2 sections of
 * `[name](url): notes` lists. Links point at Markdown twins, which agents read best.
 */
export function buildLlmsTxt(catalog: Catalog, config: Site): string {
  const site = config.SITE_URL;
  const total = catalog.templates.length;
  const counts = new Map<string, number>();
  for (const t of catalog.templates) counts.set(t.category, (counts.get(t.category) ?? 0) + 1);

  const docs = [
    item('API and MCP guide', `${site}/docs.md`, 'how to search, read templates and build studio links over REST and MCP'),
    item('OpenAPI 3.1 description', `${site}/openapi.json`, 'every REST operation, parameter, response, header and error code'),
    item('MCP server card', `${site}${SERVER_CARD_WELL_KNOWN_PATH}`, `the MCP endpoint ${site}/api/mcp, its protocol versions, tools, resource templates and prompts`),
    item('Agent skill', `${site}${SKILLS_INDEX_PATH}`, 'how to find a template and build a studio link over REST or MCP, as an Agent Skill (SKILL.md)'),
    item('Agentic Resource Discovery (ARD)', `${site}${ARD_PATH}`, 'the MCP server card and the agent skill, for discovery (also at /.well-known/ai-catalog.json)'),
    item('API catalog', `${site}${API_CATALOG_PATH}`, 'RFC 9727 linkset naming both APIs and their descriptions'),
  ];
  const categories = catalog.categories.map((c) =>
    item(c.label, `${site}/categories/${c.id}.md`, `${escapeMarkdown(c.description)} (${counts.get(c.id) ?? 0} templates)`),
  );
  const templates = catalog.templates.slice(0, LLMS_TXT_MAX_TEMPLATES).map((t) =>
    item(t.title, `${site}/templates/${t.slug}.md`, escapeMarkdown(
      `id ${t.id}; ${t.categoryLabel ?? t.category}; ${formatPrice(t.priceCents)}; ${formatDuration(t.durationSeconds)}; ${t.formats.join(', ')}`,
    )),
  );
  const optional = [
    item('Every template in one file', `${site}/llms-full.txt`, `all template pages in Markdown${total > LLMS_FULL_MAX_TEMPLATES ? ` (the ${LLMS_FULL_MAX_TEMPLATES} newest)` : ''}`),
    item('Sitemap in Markdown', `${site}/sitemap.md`, 'every page with its Markdown twin'),
    item('Home', `${site}/index.md`, 'categories and the newest templates'),
    item('Custom animation requests', `${site}/requests.md`, 'one-off briefs, which this catalog does not take'),
    item('Catalog data', `${site}/data/catalog.json`, 'the categories, and the shards (/data/catalog/{n}.json) that hold every template as JSON'),
  ];

  return joinBlocks([
    `# ${SITE_NAME}`,
    `> A public, read-only catalog of ${total} promo and launch video templates in ${catalog.categories.length} categories. ` +
      'Search it over REST or MCP, then give the person a studio link that opens the chosen template in the studio, ' +
      'filled with the brand read from their website. The service never makes or exports videos.',
    `No key or account is needed. REST: \`GET ${site}/api/v1/templates?q=…\` (filters \`category\`, \`tier\`, \`format\`), ` +
      `\`GET ${site}/api/v1/templates/{id or slug}\`, \`GET ${site}/api/v1/studio-link?template=…&site=acme.com\`. ` +
      `MCP: \`POST ${site}/api/mcp\` (streamable HTTP, JSON answers) with the tools ${listMcpToolNames()}, every template as a resource, completion and the ${MCP_PROMPTS.map((p) => p.name).join(', ')} prompt; \`${TOOL_NAMES.search}\` and \`${TOOL_NAMES.fetch}\` answer in the shapes ChatGPT connectors and deep research read. ` +
      `${describeMcpEras().join(' ')} ` +
      `Limits: by default ${DEFAULT_RATE_LIMITS.rest} requests per minute per IP for REST and ${DEFAULT_RATE_LIMITS.mcp} for MCP; these are defaults an operator may change, and the \`RateLimit-Policy\` header of every API answer states the limit in force.`,
    'Exporting a video needs the person\'s own studio account, and payment for premium templates. Every page has a ' +
      'Markdown twin: append `.md` to its path (the home page is `/index.md`) or send `Accept: text/markdown`. ' +
      describeCoverage(total, site),
    `## Docs\n\n${bulletList(docs)}`,
    `## Categories\n\n${bulletList(categories)}`,
    templates.length > 0 && `## Templates\n\n${bulletList(templates)}`,
    `## Optional\n\n${bulletList(optional)}`,
  ]);
}
