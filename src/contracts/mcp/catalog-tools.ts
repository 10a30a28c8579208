import { z } from 'zod';
import { createStudioLink } from '../../core/operations/create-studio-link.ts';
import { getTemplate } from '../../core/operations/get-template.ts';
import { listTemplates } from '../../core/operations/list-templates.ts';
import { TOOL_NAMES } from '../../core/tool-names.ts';
import type { ListQuery } from '../../schemas/queries.ts';
import { studioLinkSchema, templateEnvelopeSchema } from '../../schemas/responses.ts';
import { defineTool, type BuiltTool } from './define-tool.ts';
import { toQueryArguments } from './argument-renames.ts';
import { getTemplateInput, searchTemplatesInput, studioLinkInput } from './tool-arguments.ts';
import { buildPosterImageUrl, searchAnswerSchema, toSearchAnswer } from './tool-output.ts';
import { buildToolSuccess } from './tool-results.ts';
import { renderSearchText, renderStudioLinkText, renderTemplateText } from './tool-text.ts';
import { describeGetTemplate, describeSearchTemplates, describeStudioLink } from './tool-descriptions.ts';

// REST answers an id outside the pattern with 404 template_not_found, so calls only need a string here.
const getCheck = z.strictObject({ id: z.string('must be a template id or slug (a string)') });
// normalizeSite owns every site rule (length included) and answers invalid_site, as REST does.
const linkCheck = studioLinkInput.extend({ site: z.string('must be a domain name or an address').nullish() });

/** The catalog's own tools, mirroring the three REST operations, in the flow's order. */
export const CATALOG_TOOLS: readonly BuiltTool[] = [
  defineTool({
    name: TOOL_NAMES.searchTemplates,
    icon: 'search-templates',
    mirrors: 'GET /api/v1/templates',
    title: 'Search video templates',
    describe: describeSearchTemplates,
    input: searchTemplatesInput,
    check: searchTemplatesInput,
    output: searchAnswerSchema,
    app: true,
    run: (args, { catalog, config }) => {
      const listQuery: ListQuery = toQueryArguments(args);
      const result = listTemplates(catalog, listQuery);
      return buildToolSuccess(toSearchAnswer(result, config.SITE_URL), renderSearchText(result, listQuery, catalog.categories, config.SITE_URL));
    },
  }),
  defineTool({
    name: TOOL_NAMES.getTemplate,
    icon: 'get-template',
    mirrors: 'GET /api/v1/templates/{id}',
    title: 'Get one video template',
    describe: describeGetTemplate,
    input: getTemplateInput,
    check: getCheck,
    output: templateEnvelopeSchema,
    app: true,
    run: ({ id }, { catalog, config }) => {
      const envelope = getTemplate(catalog, id);
      return buildToolSuccess(envelope, renderTemplateText(envelope.template, buildPosterImageUrl(config.SITE_URL, envelope.template)));
    },
  }),
  defineTool({
    name: TOOL_NAMES.studioLink,
    icon: 'studio-link',
    mirrors: 'GET /api/v1/studio-link',
    title: 'Build a studio link',
    describe: describeStudioLink,
    input: studioLinkInput,
    check: linkCheck,
    output: studioLinkSchema,
    run: ({ template, site, format }, { catalog, config }) => {
      const link = createStudioLink(catalog, { template, site: site ?? undefined, format }, config.STUDIO_URL);
      return buildToolSuccess(link, renderStudioLinkText(link, catalog.byRef.get(link.template), format));
    },
  }),
];
