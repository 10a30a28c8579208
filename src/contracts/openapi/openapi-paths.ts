import { listQuerySchema, studioLinkQuerySchema, templateIdParamSchema } from '../../schemas/queries.ts';
import type { EndpointPathItems } from './openapi-routes.ts';
import { okResponse, responseRef, type ExampleSearch, type ExampleTemplate } from './openapi-responses.ts';
import { toParameter, toParameters, type JsonSchema } from './openapi-schemas.ts';

const IF_NONE_MATCH = { $ref: '#/components/parameters/If-None-Match' };

/** Parameter Objects shared by every GET (`#/components/parameters`). */
export function buildParameterComponents(): Record<string, JsonSchema> {
  return {
    'If-None-Match': {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'An ETag from an earlier answer; the answer is 304 with no body while it still matches.',
      schema: { type: 'string', maxLength: 1024 },
    },
  };
}

function withExample(parameters: JsonSchema[], name: string, example: string): JsonSchema[] {
  return parameters.map((p) => (p.name === name ? { ...p, example } : p));
}

/** The three REST operations under `/api/v1`, by route handler (the route table gives each its path). */
export function buildRestPaths(sample: ExampleTemplate, search?: ExampleSearch): Pick<EndpointPathItems, 'list' | 'get-one' | 'studio-link'> {
  return {
    list: {
      get: {
        operationId: 'listTemplates',
        tags: ['Templates'],
        summary: 'List and search templates',
        description:
          'Every template matching the filters. Without `q`: newest first. With `q`: by relevance ' +
          '(prefix and typo tolerant, exact title matches first; templates reached only by meaning after every literal match). ' +
          'With `q`, each template carries `matched` (how each query word reached it) and the answer `unmatched` (the words no template mentions). ' +
          '`sort` orders by relevance, newest, price or duration. Without `limit` every match is returned; ' +
          '`count` is the number in this answer, `total` the number of matches, `facets` counts over all matches.',
        parameters: [...toParameters(listQuerySchema.shape, 'query'), IF_NONE_MATCH],
        responses: {
          '200': okResponse('The matching templates.', 'TemplateList', search),
          '304': responseRef('NotModified'),
          '400': responseRef('InvalidParameter'),
          '429': responseRef('RateLimited'),
          '500': responseRef('InternalError'),
        },
      },
    },
    'get-one': {
      get: {
        operationId: 'getTemplate',
        tags: ['Templates'],
        summary: 'Get one template by id or slug',
        description: 'The template whose id or slug is `id`. Also published as a static file, so a CDN can answer it.',
        parameters: [{ ...toParameter('id', templateIdParamSchema, 'path'), examples: { id: { value: sample.id }, slug: { value: sample.slug } } }, IF_NONE_MATCH],
        responses: {
          '200': okResponse('The template.', 'TemplateEnvelope'),
          '304': responseRef('NotModified'),
          '404': responseRef('TemplateNotFound'),
          '429': responseRef('RateLimited'),
          '500': responseRef('InternalError'),
        },
      },
    },
    'studio-link': {
      get: {
        operationId: 'createStudioLink',
        tags: ['Studio links'],
        summary: 'Build a studio link',
        description:
          'An address that opens the template in the studio, to be filled with the brand read from `site`. ' +
          'It creates nothing: the person opens the link; exporting needs their own studio account ' +
          '(and payment for premium templates).',
        parameters: [...withExample(toParameters(studioLinkQuerySchema.shape, 'query'), 'template', sample.id), IF_NONE_MATCH],
        responses: {
          '200': okResponse('The studio link.', 'StudioLink'),
          '304': responseRef('NotModified'),
          '400': responseRef('InvalidSiteOrParameter'),
          '404': responseRef('TemplateNotFound'),
          '429': responseRef('RateLimited'),
          '500': responseRef('InternalError'),
        },
      },
    },
  };
}
