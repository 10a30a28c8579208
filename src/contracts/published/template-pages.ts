import { digestTemplate, digestText } from '../../core/catalog/digest-template.ts';
import { groupByCategory, listRelated, pickRelated } from '../../core/catalog/pick-related.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Template } from '../../schemas/template.ts';
import type { KeyedSource, TemplatePage } from './keyed-outputs.ts';
import { selectPrerendered } from './prerender-head.ts';

/** The Astro route of template pages (src/pages/templates/[slug].astro). */
export const TEMPLATE_PAGE_ROUTE = '/templates/[slug]';

/**
 * Every prerendered template page (the head: prerender-head.ts) with its props: the template and its related ones. The page shows those
 * and nothing else of the catalog, so its key digests exactly them.
 */
export function listTemplatePages({ catalog, prerender }: KeyedSource): TemplatePage[] {
  const related = listRelated(catalog.templates);
  return selectPrerendered(catalog.templates, prerender).map((template) => {
    const shown = related.get(template)!;
    return {
      path: `/templates/${template.slug}`,
      key: () => digestText([template, ...shown].map(digestTemplate).join()),
      params: { slug: template.slug },
      props: { template, related: shown },
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
