import { z } from 'zod';
import { categoryIdSchema, formatSchema, templateRefSchema, tierSchema } from './template.ts';
import { sortOrderSchema } from './sort-order.ts';

/** Query of listTemplates, in typed form (REST converts its strings first; MCP passes JSON). */
export const listQuerySchema = z.object({
  q: z.string().max(200, 'must be at most 200 characters').optional()
    .meta({
      description:
        'Free text over title, description, category, tags and example brands. Constraints in it (free, vertical, under 20 seconds, with music, 3 images, under $5) are read as filters; a tier or format parameter wins over a word, and `understood` in the answer says what was read.',
    }),
  category: categoryIdSchema.optional().meta({ description: 'A category id, such as product-launch.' }),
  tier: tierSchema.optional().meta({ description: 'Only templates of that tier.' }),
  format: formatSchema.optional().meta({ description: 'Only templates offered in that format.' }),
  sort: sortOrderSchema.optional().meta({ description: 'Order: relevance (default with q), newest, price or duration.' }),
  limit: z.int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').optional()
    .meta({ description: 'Page size (addition to v1); without it every match is returned.' }),
  offset: z.int('must be a whole number').min(0, 'must be 0 or more').max(10_000_000, 'must be at most 10000000').optional()
    .meta({ description: 'Matches to skip (addition to v1).' }),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Query of the /search page and its Markdown twin: the list filters and a page; limit and offset follow from it. */
export const searchPageQuerySchema = listQuerySchema.omit({ limit: true, offset: true }).extend({
  page: z.int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'must be at most 100000').optional()
    .meta({ description: 'Page of results, from 1.' }),
});
export type SearchPageQuery = z.infer<typeof searchPageQuerySchema>;

/** Query of createStudioLink. `site` is checked further by normalizeSite. */
export const studioLinkQuerySchema = z.object({
  template: templateRefSchema.meta({ description: 'Template id or slug.' }),
  site: z.string().max(253, 'must be at most 253 characters').optional()
    .meta({ description: "The person's website as a public domain or http(s) address, such as acme.com." }),
  format: formatSchema.optional().meta({ description: 'Format in which the studio opens.' }),
});
export type StudioLinkQuery = z.infer<typeof studioLinkQuerySchema>;

/** Path parameter of getTemplate. */
export const templateIdParamSchema = templateRefSchema.meta({ description: 'Template id or slug.' });
