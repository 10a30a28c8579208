/**
 * The raster social image of a template (og:image, twitter:image, and the picture agents get):
 * one PNG per template, rendered at build from the same input as its SVG poster. Social sites
 * and chat hosts do not render SVG, hence a raster twin beside it.
 */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** The served path of a template's social image: `/posters/{slug}.png`, beside `/posters/{slug}.svg`. */
export function toSocialImagePath(slug: string): string {
  return `/posters/${slug}.png`;
}
