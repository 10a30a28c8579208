import { z } from 'zod';
import { categoriesFileSchema } from './catalog-file.ts';
import { filterWordsFileSchema } from './filter-words.ts';
import { templateSchema } from './template.ts';

/**
 * `/data/catalog.json`: what the build hands to the Node server, and anyone who wants the whole
 * catalog: the build's facts, the categories, and where the templates are. The templates
 * themselves are split into shards (`/data/catalog/{n}.json`), so that no file, and no string
 * a reader must hold, grows with the catalog past a few megabytes, and an edit rewrites one
 * shard. The server validates the head in full at start.
 */
export const catalogHeadSchema = z.object({
  apiVersion: z.string().min(1),
  builtAt: z.iso.datetime({ offset: true }),
  /** The SITE_URL the build was made for: every absolute link in it names this address. */
  siteUrl: z.url(),
  categories: categoriesFileSchema,
  /** The words a query may carry as constraints, as the build checked them (templates/_filter-words.json). */
  filterWords: filterWordsFileSchema,
  /** The word pairs of titles and tags that keep a filter word a word ("free ship" → "free shipping"), as the build collected them. */
  topicalPairs: z.array(z.tuple([z.string(), z.string()])),
  /** How many templates the shards hold together. */
  templateCount: z.number().int().min(0),
  /** The shards' paths from the site root, in order (`/data/catalog/0.json`, …). */
  shards: z.array(z.string().startsWith('/data/catalog/')),
});
export type CatalogHead = z.infer<typeof catalogHeadSchema>;

/** `/data/catalog/{n}.json`: some of the templates, newest first (which shard is by id: catalog-shards.ts). */
export const catalogShardSchema = z.object({ templates: z.array(templateSchema) });
export type CatalogShard = z.infer<typeof catalogShardSchema>;

/**
 * A shard as the server checks it at start: only that each template is an object with a string
 * id and slug (checked by the loader). The build validated every template; parsing 50,000
 * again cost half a second and doubled peak memory, so the loader checks a spread sample
 * against templateSchema instead (enough to catch a stale or hand-edited build).
 */
export const catalogShardEnvelopeSchema = z.object({
  // z.unknown keeps each template object as parsed (an object schema would copy all of them).
  templates: z.array(z.unknown()),
});
