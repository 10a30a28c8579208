/**
 * The motion poster of a template: its poster with the layers playing a short loop
 * (poster-motion.ts), shown by cards and the template page on hover, focus or tap.
 */
export function toMotionPosterPath(slug: string): string {
  return `/posters/${slug}.motion.svg`;
}
