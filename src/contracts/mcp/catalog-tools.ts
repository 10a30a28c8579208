import { z } from 'zod';
import { createStudioLink } from '../../core/operations/create-studio-link.ts';
import { getTemplate } from '../../core/operations/get-template.ts';
import { listTemplates } from '../../core/operations/list-templates.ts';
import { TOOL_NAMES } from '../../core/tool-names.ts';
import { listQuerySchema, studioLinkQuerySchema, templateIdParamSchema } from '../../schemas/queries.ts';
import { studioLinkSchema, templateEnvelopeSchema, templateListSchema } from '../../schemas/responses.ts';
import { defineTool, type BuiltTool } from './define-tool.ts';
import { linkTemplates } from './resources.ts';
import { buildToolSuccess } from './tool-results.ts';
import { renderSearchText, renderStudioLinkText, renderTemplateText } from './tool-text.ts';
import { describeGetTemplate, describeSearchTemplates, describeStudioLink } from './tool-descriptions.ts';
import { SEARCH_PAGE_DEFAULT, SEARCH_PAGE_MAX } from './tool-limits.ts';

const list = listQuerySchema.shape;
const searchInput = z.strictObject({
  query: list.q,
  category: list.category,
  tier: list.tier,
  format: list.format,
  limit: list.limit.unwrap().default(SEARCH_PAGE_DEFAULT)
    .meta({ description: `How many templates to return, 1 to ${SEARCH_PAGE_MAX} (default ${SEARCH_PAGE_DEFAULT}).` }),
  offset: list.offset.meta({ description: 'How many matches to skip, for the next page (default 0).' }),
});

const getInput = z.strictObject({ id: templateIdParamSchema });
// REST answers an id outside the pattern with 404 template_not_found, so calls only need a string here.
const getCheck = z.strictObject({ id: z.string('must be a template id or slug (a string)') });

const linkInput = z.strictObject(studioLinkQuerySchema.shape);
// normalizeSite owns every site rule (length included) and answers invalid_site, as REST does.
const linkCheck = z.strictObject({ ...studioLinkQuerySchema.shape, site: z.string('must be a domain name or an address').nullish() });

/** The catalog's own tools, mirroring the three REST operations, in the flow's order. */
export const CATALOG_TOOLS: readonly BuiltTool[] = [
  defineTool({
    name: TOOL_NAMES.searchTemplates,
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
    name: TOOL_NAMES.getTemplate,
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
    name: TOOL_NAMES.studioLink,
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
