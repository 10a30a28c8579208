import { z } from 'zod';
import { templateSchema } from './template.ts';

const facetCounts = z.record(z.string(), z.int().min(0));

/** Counts per category, tier and format over all matches (addition to v1). */
export const facetsSchema = z
  .object({ category: facetCounts, tier: facetCounts, format: facetCounts })
  .meta({ id: 'Facets', description: 'Counts per category, tier and format over all matches.' });
export type Facets = z.infer<typeof facetsSchema>;

/** Response of listTemplates. */
export const templateListSchema = z
  .object({
    apiVersion: z.string(),
    count: z.int().min(0).meta({ description: 'Number of templates in this answer.' }),
    total: z.int().min(0).optional().meta({ description: 'Number of matches (addition to v1).' }),
    limit: z.int().min(1).optional(),
    offset: z.int().min(0).optional(),
    facets: facetsSchema.optional(),
    suggestion: z.string().optional().meta({
      description: 'Did you mean: the query with each word the catalog does not have (or has only as a typo) replaced by the nearest catalog word. Present only then; search again with it.',
      example: 'product launch',
    }),
    templates: z.array(templateSchema),
  })
  .meta({ id: 'TemplateList', description: 'Templates matching a list or search query.' });
export type TemplateList = z.infer<typeof templateListSchema>;

/** Response of getTemplate. */
export const templateEnvelopeSchema = z
  .object({ apiVersion: z.string(), template: templateSchema })
  .meta({ id: 'TemplateEnvelope', description: 'One template.' });
export type TemplateEnvelope = z.infer<typeof templateEnvelopeSchema>;

/** Response of createStudioLink. */
export const studioLinkSchema = z
  .object({
    apiVersion: z.string(),
    url: z.url().meta({ description: 'The studio link.' }),
    template: z.string().meta({ description: 'The canonical template id.' }),
    site: z.string().nullable().optional().meta({ description: 'The normalized site domain; null when none was given.' }),
  })
  .meta({ id: 'StudioLink', description: 'An address that opens a template in the studio.' });
export type StudioLink = z.infer<typeof studioLinkSchema>;

/** Every stable error code the API and MCP answer with. */
export const errorCodeSchema = z.enum([
  'template_not_found',
  'invalid_site',
  'invalid_parameter',
  'rate_limited',
  'not_found',
  'method_not_allowed',
  'forbidden_host',
  'payload_too_large',
  'not_acceptable',
  'internal_error',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one error body shape. */
export const errorSchema = z
  .object({
    error: errorCodeSchema.meta({ description: 'Stable machine-readable code.' }),
    message: z.string().meta({ description: 'Human-readable text.' }),
    retryAfter: z.int().min(0).optional().meta({ description: 'Seconds to wait before retrying.' }),
  })
  .meta({ id: 'Error', description: 'An error answer.' });
export type ErrorBody = z.infer<typeof errorSchema>;
