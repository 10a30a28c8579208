import { digestTemplate, digestText } from '../../core/catalog/digest-template.ts';
import { groupByCategory, listRelated, pickRelated } from '../../core/catalog/pick-related.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Template } from '../../schemas/template.ts';
import type { KeyedSource, TemplatePage } from './keyed-outputs.ts';
import { selectPrerendered } from './prerender-head.ts';
import { createSocialImages } from './social-images.ts';

/** The Astro route of template pages (src/pages/templates/[slug].astro). */
export const TEMPLATE_PAGE_ROUTE = '/templates/[slug]';

/**
 * Every prerendered template page (the head: prerender-head.ts) with its props: the template,
 * its related ones and its social image's address. The page shows those and nothing else of
 * the catalog, so its key digests exactly them (the address changes with the palette and the
 * renderer, which the template does not carry).
 */
export function listTemplatePages({ entries, catalog, prerender, socialRenderer }: KeyedSource): TemplatePage[] {
  const related = listRelated(catalog.templates);
  const socialImages = createSocialImages(entries, socialRenderer);
  return selectPrerendered(catalog.templates, prerender).map((template) => {
    const shown = related.get(template)!;
    const socialImage = socialImages(template).path;
    return {
      path: `/templates/${template.slug}`,
      key: () => digestText(`${[template, ...shown].map(digestTemplate).join()}\n${socialImage}`),
      params: { slug: template.slug },
      props: { template, related: shown, socialImage },
    };
  });
}

const groups = new WeakMap<Catalog, Map<string, Template[]>>();

/** The related templates a page of `template` shows (as listTemplatePages gives them), for one page rendered on demand. */
export function selectRelated(catalog: Catalog, template: Template): Template[] {
  let byCategory = groups.get(catalog);
  if (!byCategory) groups.set(catalog, (byCategory = groupByCategory(catalog.templates)));
  return pickRelated(byCategory.get(template.category) ?? [], template);
}
