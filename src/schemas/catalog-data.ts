import { z } from 'zod';
import { categoriesFileSchema } from './catalog-file.ts';
import { templateSchema } from './template.ts';

/**
 * `/data/catalog.json`: what the build hands to the Node server. The server validates it with
 * this schema at start, so a truncated or hand-edited file fails fast instead of serving junk.
 */
export const catalogDataSchema = z.object({
  apiVersion: z.string().min(1),
  builtAt: z.iso.datetime({ offset: true }),
  categories: categoriesFileSchema,
  /** Newest first, as the catalog keeps them. */
  templates: z.array(templateSchema),
});
export type CatalogData = z.infer<typeof catalogDataSchema>;
