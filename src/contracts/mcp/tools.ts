import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createStudioLink } from '../../core/operations/create-studio-link.ts';
import { getTemplate } from '../../core/operations/get-template.ts';
import { listTemplates } from '../../core/operations/list-templates.ts';
import { listQuerySchema, studioLinkQuerySchema, templateIdParamSchema } from '../../schemas/queries.ts';
import { studioLinkSchema, templateEnvelopeSchema, templateListSchema } from '../../schemas/responses.ts';
import { MCP_TOOL_ANNOTATIONS, defineTool, type BuiltTool, type ToolContext } from './define-tool.ts';
import { linkTemplates } from './resources.ts';
import { buildMcpIcon } from './server-info.ts';
import { buildToolSuccess } from './tool-results.ts';
import { renderSearchText, renderStudioLinkText, renderTemplateText } from './tool-text.ts';
import { describeGetTemplate, describeSearchTemplates, describeStudioLink } from './tool-descriptions.ts';
import { oncePerSite } from './once-per-site.ts';

const list = listQuerySchema.shape;
const searchInput = z.strictObject({
  query: list.q,
  category: list.category,
  tier: list.tier,
  format: list.format,
  limit: list.limit.unwrap().default(10).meta({ description: 'How many templates to return, 1 to 100 (default 10).' }),
  offset: list.offset.meta({ description: 'How many matches to skip, for the next page (default 0).' }),
});

const getInput = z.strictObject({ id: templateIdParamSchema });
// REST answers an id outside the pattern with 404 template_not_found, so calls only need a string here.
const getCheck = z.strictObject({ id: z.string('must be a template id or slug (a string)') });

const linkInput = z.strictObject(studioLinkQuerySchema.shape);
// normalizeSite owns every site rule (length included) and answers invalid_site, as REST does.
const linkCheck = z.strictObject({ ...studioLinkQuerySchema.shape, site: z.string('must be a domain name or an address').nullish() });

/** The three tools, in the order tools/list shows them: the one definition every listing derives from. */
export const MCP_TOOLS: readonly BuiltTool[] = [
  defineTool({
    name: 'search_templates',
    icon: 'search-templates',
    mirrors: 'GET /api/v1/templates',
    title: 'Search video templates',
    describe: describeSearchTemplates,
    input: searchInput,
    check: searchInput,
    output: templateListSchema,
    run: ({ query, ...filters }, { catalog, config }) => {
      const listQuery = { q: query, ...filters };
      const result = listTemplates(catalog, listQuery);
      return buildToolSuccess(result, renderSearchText(result, listQuery, catalog.categories, config.SITE_URL), linkTemplates(result.templates));
    },
  }),
  defineTool({
    name: 'get_template',
    icon: 'get-template',
    mirrors: 'GET /api/v1/templates/{id}',
    title: 'Get one video template',
    describe: describeGetTemplate,
    input: getInput,
    check: getCheck,
    output: templateEnvelopeSchema,
    run: ({ id }, { catalog }) => {
      const envelope = getTemplate(catalog, id);
      return buildToolSuccess(envelope, renderTemplateText(envelope.template));
    },
  }),
  defineTool({
    name: 'studio_link',
    icon: 'studio-link',
    mirrors: 'GET /api/v1/studio-link',
    title: 'Build a studio link',
    describe: describeStudioLink,
    input: linkInput,
    check: linkCheck,
    output: studioLinkSchema,
    run: ({ template, site, format }, { catalog, config }) => {
      const link = createStudioLink(catalog, { template, site: site ?? undefined, format }, config.STUDIO_URL);
      return buildToolSuccess(link, renderStudioLinkText(link, catalog.byRef.get(link.template), format));
    },
  }),
];

const BY_NAME = new Map(MCP_TOOLS.map((t) => [t.name, t]));
/** The tools/list entries for a site (descriptions name its /requests page); built once per SITE_URL. */
export const listMcpTools: (siteUrl: string) => Tool[] = oncePerSite((siteUrl) =>
  MCP_TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.describe(siteUrl),
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema,
    annotations: { title: t.title, ...MCP_TOOL_ANNOTATIONS },
    icons: [buildMcpIcon(siteUrl, t.icon)],
  })),
);

/** Runs a tool by name; undefined when no tool has that name. Bad input and misses come back as `isError` results. */
export function callMcpTool(name: string, args: unknown, ctx: ToolContext): CallToolResult | undefined {
  return BY_NAME.get(name)?.call(args, ctx);
}
