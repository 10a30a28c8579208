import { z } from 'zod';
import { formatSchema, templateSchema, tierSchema } from './template.ts';
import { sortOrderSchema } from './sort-order.ts';

const facetCounts = z.record(z.string(), z.int().min(0));

/** Counts per category, tier and format over all matches (addition to v1). */
export const facetsSchema = z
  .object({ category: facetCounts, tier: facetCounts, format: facetCounts })
  .meta({ id: 'Facets', description: 'Counts per category, tier and format over all matches.' });
export type Facets = z.infer<typeof facetsSchema>;

const bounds = (unit: string, int: boolean) =>
  z
    .object({
      min: (int ? z.int() : z.number()).min(0).optional().meta({ description: `At least this many ${unit}.` }),
      max: (int ? z.int() : z.number()).min(0).optional().meta({ description: `At most this many ${unit}.` }),
      above: (int ? z.int() : z.number()).min(0).optional().meta({ description: `More than this many ${unit} ("over", "more than").` }),
      below: (int ? z.int() : z.number()).min(0).optional().meta({ description: `Fewer than this many ${unit} ("under", "less than").` }),
    })
    .meta({ description: `A range of ${unit}: min and max are included, above and below excluded; a bare number ("15-second") sets min and max.` });

/** Filters read from the words of a query (addition to v1). */
export const queryFiltersSchema = z
  .object({
    tier: tierSchema.optional(),
    format: formatSchema.optional(),
    durationSeconds: bounds('seconds', false).optional(),
    priceCents: bounds('US cents per export', true).optional(),
    editable: z
      .object({
        music: z.boolean().optional().meta({ description: 'With music (true) or without (false).' }),
        voice: z.boolean().optional().meta({ description: 'With a voice-over (true) or without (false).' }),
        images: bounds('editable images', true).optional(),
        text: bounds('editable text lines', true).optional(),
        colors: bounds('editable colours', true).optional(),
      })
      .optional(),
  })
  .meta({ id: 'QueryFilters', description: 'Filters, in the shape of the Template fields they check.' });
export type QueryFilters = z.infer<typeof queryFiltersSchema>;

/** The filter a phrase of the query reads (one each; editable parts by name). */
export const readFilterSchema = z
  .enum(['tier', 'format', 'durationSeconds', 'priceCents', 'editable.music', 'editable.voice', 'editable.images', 'editable.text', 'editable.colors'])
  .meta({ id: 'ReadFilter', description: 'The filter a phrase of the query reads.' });
export type ReadFilter = z.infer<typeof readFilterSchema>;

/** One constraint found in the words of a query. */
export const readPhraseSchema = z
  .object({
    text: z.string().meta({ description: 'The words of the query read as the constraint.', example: 'under 20 seconds' }),
    filter: readFilterSchema,
    start: z.int().min(0).meta({ description: 'Where the words start in q normalized (lower case, single spaces, trimmed): text is that q.slice(start, end).' }),
    end: z.int().min(0).meta({ description: 'Where the words end in q normalized.' }),
    label: z.string().meta({ description: 'The constraint in words.', example: 'up to 20 s' }),
    filters: queryFiltersSchema,
    use: z.enum(['applied', 'overridden', 'topical']).meta({
      description:
        'applied: used as a filter and taken out of the words to match. overridden: not used, because a parameter (or an earlier phrase) says otherwise; taken out of the words too. topical: kept as words to match, because the catalog has templates about them (a "free shipping" promo).',
    }),
    note: z.string().optional().meta({ description: 'Why it was overridden or kept as words.', example: 'tier=premium was given' }),
    queryWithout: z.string().optional().meta({ description: 'For an applied constraint: the query without it (search with this to drop it).' }),
    matchesWithout: z.int().min(0).optional().meta({ description: 'When nothing matched: how many templates match without this constraint.' }),
  })
  .meta({ id: 'ReadPhrase', description: 'A constraint found in the words of the query.' });
export type ReadPhrase = z.infer<typeof readPhraseSchema>;

/** What search read from the query's words (addition to v1). */
export const understoodQuerySchema = z
  .object({
    summary: z.string().meta({ description: 'The filters applied from the words, in words ("" when none).', example: 'free, vertical, up to 20 s' }),
    filters: queryFiltersSchema,
    words: z.string().meta({ description: 'The words left to match. Search with q set to these to drop every filter read from the words.', example: 'launch clip' }),
    sort: z
      .object({
        text: z.string().meta({ description: 'The words of q asking for an order.', example: 'cheap' }),
        value: sortOrderSchema,
        use: z.enum(['applied', 'overridden']).meta({ description: 'overridden when a sort parameter was given.' }),
      })
      .optional()
      .meta({ description: 'An order asked for in words ("cheap" → price), taken out of the words to match (addition to v1).' }),
    phrases: z.array(readPhraseSchema),
  })
  .meta({
    id: 'UnderstoodQuery',
    description:
      'Constraints found in q (tier, format, duration, editable parts, price), read as filters beside the parameters. A parameter wins over a word. Present only when q has such words.',
  });
export type UnderstoodQuery = z.infer<typeof understoodQuerySchema>;

/** How one query word reached a template (addition to v1). */
export const wordMatchSchema = z
  .object({
    word: z.string().meta({ description: 'The query word (lower case).', example: 'lanch' }),
    how: z.enum(['word', 'prefix', 'typo', 'meaning', 'filter']).meta({ description: 'word (or a form, a synonym), prefix (last word), typo, meaning (a related word) or filter.' }),
    term: z.string().meta({ description: 'The catalog word or filter reached.', example: 'launch' }),
  })
  .meta({ id: 'WordMatch', description: 'How one query word reached this template.' });
export type WordMatch = z.infer<typeof wordMatchSchema>;

/** A template in a search answer: the record, with why it is there when q was given. */
export const matchedTemplateSchema = templateSchema.extend({
  matched: z.array(wordMatchSchema).optional().meta({ description: 'With q: how each query word reached this template.' }),
});

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
    understood: understoodQuerySchema.optional(),
    unmatched: z.array(z.string()).optional().meta({
      description: 'With q: query words no template here mentions (as a word, prefix or typo), and formats no template records.',
      example: ['halloween'],
    }),
    sort: sortOrderSchema.optional(),
    templates: z.array(matchedTemplateSchema),
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
  'bad_request',
  'not_implemented',
  'version_not_supported',
  'internal_error',
  'unavailable',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one error body shape. */
export const errorSchema = z
  .object({
    error: errorCodeSchema.meta({ description: 'Stable machine-readable code.' }),
    message: z.string().meta({ description: 'Human-readable text.' }),
    retryAfter: z.int().min(0).optional().meta({ description: 'Seconds to wait before retrying.' }),
    requestId: z.string().optional().meta({ description: "The answer's X-Request-Id: quote it when you report a problem." }),
  })
  .meta({ id: 'Error', description: 'An error answer.' });
export type ErrorBody = z.infer<typeof errorSchema>;
