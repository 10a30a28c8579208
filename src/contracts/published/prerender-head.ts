import type { Template } from '../../schemas/template.ts';

/**
 * The head of the catalog: the templates a build prerenders (PRERENDER_TEMPLATES, newest
 * first, in the catalog's order). Their page, twin, posters and social image are files; every
 * other template (the tail) is answered on demand by the function and the origin, byte for byte
 * what the build would have written (src/http/tail). Unset: every template is in the head.
 * Sitemaps, llms-full.txt, the shards, the search index and every list cover the whole catalog.
 */
export function selectPrerendered<T extends Pick<Template, 'id'>>(templates: readonly T[], count: number | undefined): readonly T[] {
  return count === undefined || count >= templates.length ? templates : templates.slice(0, count);
}

/** The ids of the head (selectPrerendered), to ask of any template whether it is a file. */
export function listPrerenderedIds(templates: readonly Pick<Template, 'id'>[], count: number | undefined): Set<string> {
  return new Set(selectPrerendered(templates, count).map((t) => t.id));
}

/**
 * The files a build writes for one prerendered template, as an upload counts them (no
 * compressed siblings): its page, its Markdown twin, its JSON by id (and by slug when the slug
 * differs), its poster, one poster per example, its motion poster and its social image (unless
 * SOCIAL_IMAGES=on-demand). An
 * operator divides a host's file limit by this (plus the catalog-wide files) to choose
 * PRERENDER_TEMPLATES (docs/deploying.md).
 */
export function countTemplateFiles(template: Pick<Template, 'id' | 'slug' | 'examples'>, socialImages: 'build' | 'on-demand' = 'build'): number {
  return (socialImages === 'build' ? 6 : 5) + (template.slug === template.id ? 0 : 1) + (template.examples?.length ?? 0);
}
