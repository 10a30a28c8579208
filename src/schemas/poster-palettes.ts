import { z } from 'zod';

/**
 * `/data/palettes/{n}.json`: the palette of each template of catalog shard `n`, by id. The
 * palette is the one fact a poster shows that the public Template does not carry, so the
 * tail's posters and social images (drawn on demand) read it from here.
 */
export const posterPalettesSchema = z.object({
  palettes: z.record(z.string(), z.array(z.string().regex(/^#[0-9a-fA-F]{6}$/)).min(2).max(5)),
});
export type PosterPalettes = z.infer<typeof posterPalettesSchema>;
