import { z } from 'zod';
import { categoryIdSchema, editableSchema, formatSchema, templateRefSchema, tierSchema } from './template.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like "#1e293b"');

/** One example as written in a catalog file: the video is a path on the media origin. */
export const catalogExampleSchema = z.strictObject({
  brand: z.string().min(1).max(80),
  format: formatSchema,
  video: z.string().regex(/^[a-z0-9][a-z0-9/_.-]*\.(mp4|webm)$/, 'a relative path ending in .mp4 or .webm'),
});

/**
 * One template file in `templates/` (`{slug}.json`). Derived fields (url, markdownUrl,
 * studioUrl, poster, priceUsd, categoryLabel) are computed by the build, never typed here.
 */
export const catalogFileSchema = z
  .strictObject({
    id: templateRefSchema,
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase words joined by single hyphens').max(100),
    title: z.string().trim().min(3).max(80),
    description: z.string().trim().min(40).max(600),
    category: categoryIdSchema,
    tier: tierSchema,
    priceCents: z.int().min(0).max(100_000),
    durationSeconds: z.number().positive().max(600),
    formats: z.array(formatSchema).min(1).refine((f) => new Set(f).size === f.length, 'formats must not repeat'),
    editable: editableSchema.strict(),
    tags: z.array(z.string().regex(/^[a-z0-9][a-z0-9 -]*$/, 'lowercase words')).max(20).default([]),
    palette: z.array(hexColor).min(2).max(5),
    examples: z.array(catalogExampleSchema).max(12).default([]),
    version: z.string().regex(/^\d+\.\d+\.\d+$/, 'semantic version like "1.2.0"').optional(),
    publishedAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((t) => (t.tier === 'free') === (t.priceCents === 0), {
    path: ['priceCents'],
    message: 'must be 0 for free templates and above 0 for premium ones',
  });
export type CatalogFile = z.infer<typeof catalogFileSchema>;

/** `templates/_categories.json`: the categories templates may name, in display order. */
export const categoriesFileSchema = z
  .array(
    z.strictObject({
      id: categoryIdSchema,
      label: z.string().min(2).max(40),
      description: z.string().min(20).max(300),
    }),
  )
  .min(1);
export type Category = z.infer<typeof categoriesFileSchema>[number];
