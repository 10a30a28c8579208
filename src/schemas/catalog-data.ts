import { z } from 'zod';
import { categoriesFileSchema } from './catalog-file.ts';
import { filterWordsFileSchema } from './filter-words.ts';
import { templateSchema } from './template.ts';

/**
 * `/data/catalog.json`: what the build hands to the Node server. The server validates it with
 * this schema at start, so a truncated or hand-edited file fails fast instead of serving junk.
 */
export const catalogDataSchema = z.object({
  apiVersion: z.string().min(1),
  builtAt: z.iso.datetime({ offset: true }),
  /** The SITE_URL the build was made for: every absolute link in it names this address. */
  siteUrl: z.url(),
  categories: categoriesFileSchema,
  /** The words a query may carry as constraints, as the build checked them (templates/_filter-words.json). */
  filterWords: filterWordsFileSchema,
  /** The word pairs of titles and tags that keep a filter word a word ("free ship" → "free shipping"), as the build collected them. */
  topicalPairs: z.array(z.tuple([z.string(), z.string()])),
  /** Newest first, as the catalog keeps them. */
  templates: z.array(templateSchema),
});
export type CatalogData = z.infer<typeof catalogDataSchema>;

/**
 * The same file as the server checks it at start: the envelope in full and, for templates,
 * only that each is an object with a string id and slug (checked by the loader). The build validated every template;
 * parsing 50,000 again cost half a second and doubled peak memory, so the loader checks a
 * spread sample against templateSchema instead (enough to catch a stale or hand-edited build).
 */
export const catalogDataEnvelopeSchema = catalogDataSchema.extend({
  // z.unknown keeps each template object as parsed (an object schema would copy all of them).
  templates: z.array(z.unknown()),
});
