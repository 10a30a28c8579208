/** The oracle's field texts (src/core/search/search-options.ts at d2cd42b, verbatim): see search-index.ts beside it. */
import type { SearchField } from '../../../../src/core/search/ranking.ts';
import type { Template } from '../../../../src/schemas/template.ts';

/** The text of each field of a template (a field's boost is in FIELD_BOOSTS, ranking.ts). */
export function readSearchFields(t: Template): Record<SearchField, string> {
  return {
    title: t.title,
    tags: (t.tags ?? []).join(' '),
    category: `${t.category.replaceAll('-', ' ')} ${t.categoryLabel ?? ''}`,
    brands: (t.examples ?? []).map((e) => e.brand).join(' '),
    description: t.description,
  };
}
