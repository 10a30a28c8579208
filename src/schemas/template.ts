import { z } from 'zod';

/** The characters of a template id or slug (the schema adds the length bound). */
export const TEMPLATE_REF_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The longest template id or slug. */
export const TEMPLATE_REF_MAX_LENGTH = 128;

/** Template id or slug as it appears in a path or query: letters, digits, `_` and `-`. */
export const templateRefSchema = z.string().regex(TEMPLATE_REF_PATTERN, 'letters, digits, "_" and "-" only').max(TEMPLATE_REF_MAX_LENGTH);

/** Category id: lowercase letters, digits and hyphens. */
export const categoryIdSchema = z
  .string()
  .regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and hyphens only')
  .max(64);

/** The two price tiers. */
export const tierSchema = z.enum(['free', 'premium']);
export type Tier = z.infer<typeof tierSchema>;

/** The two filterable formats (aspect ratios). */
export const formatSchema = z.enum(['16:9', '9:16']);
export type Format = z.infer<typeof formatSchema>;

/** Counts of the parts a person can change in the studio. */
export const editableSchema = z
  .object({
    text: z.int().min(0).optional(),
    images: z.int().min(0).optional(),
    colors: z.int().min(0).optional(),
    music: z.boolean().optional(),
    voice: z.boolean().optional(),
  })
  .meta({ id: 'Editable', description: 'Counts of editable parts.' });
export type Editable = z.infer<typeof editableSchema>;

/** A finished video made from the template for a brand. */
export const exampleSchema = z
  .object({
    brand: z.string().min(1),
    format: z.string().min(1),
    video: z.url(),
    poster: z.url(),
  })
  .meta({ id: 'Example', description: 'A video made from the template for a brand.' });
export type Example = z.infer<typeof exampleSchema>;

/** A template as the API, MCP and pages present it (derived fields included). */
export const templateSchema = z
  .object({
    id: templateRefSchema,
    slug: templateRefSchema,
    title: z.string().min(1),
    description: z.string().min(1),
    category: categoryIdSchema,
    categoryLabel: z.string().optional(),
    tier: tierSchema,
    priceCents: z.int().min(0).meta({ description: 'Price per export in US cents; 0 for free templates.' }),
    priceUsd: z.number().min(0).optional(),
    durationSeconds: z.number().positive(),
    formats: z.array(z.string()).min(1),
    editable: editableSchema.optional(),
    tags: z.array(z.string()).optional().meta({ description: 'Search keywords (addition to v1).' }),
    examples: z.array(exampleSchema).optional(),
    poster: z.url().optional(),
    url: z.url().meta({ description: 'Public page of the template.' }),
    markdownUrl: z.url().optional(),
    studioUrl: z.url().meta({ description: 'Address opening the template in the studio.' }),
    version: z.string().optional(),
    publishedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .meta({ id: 'Template', description: 'A promo or launch video template.' });
export type Template = z.infer<typeof templateSchema>;
