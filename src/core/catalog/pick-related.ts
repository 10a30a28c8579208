import type { Template } from '../../schemas/template.ts';

/** How many related templates a template page shows. */
export const RELATED_COUNT = 3;

/** Templates by category id, keeping the catalog's order (newest first). */
export function groupByCategory(templates: readonly Template[]): Map<string, Template[]> {
  const groups = new Map<string, Template[]>();
  for (const t of templates) {
    const group = groups.get(t.category);
    if (group) group.push(t);
    else groups.set(t.category, [t]);
  }
  return groups;
}

/**
 * Up to `count` other templates of the same category: those published just before and after
 * this one, so neighbours differ from page to page instead of always being the newest.
 * `at` is the template's position in `sameCategory` when the caller knows it: a build asks
 * for every template's neighbours, and finding each position by search made that quadratic
 * (50,000 templates in 9 categories: ~280 million comparisons).
 */
export function pickRelated(sameCategory: readonly Template[], template: Template, count = RELATED_COUNT, at = sameCategory.findIndex((t) => t.id === template.id)): Template[] {
  const others = sameCategory.length - (at === -1 ? 0 : 1);
  const start = Math.max(0, Math.min(Math.max(0, at - 1), others - count));
  const picked: Template[] = [];
  // The j-th of the others is sameCategory[j], or sameCategory[j + 1] from the template's position on.
  for (let j = start; j < Math.min(others, start + count); j++) picked.push(sameCategory[at !== -1 && j >= at ? j + 1 : j]!);
  return picked;
}

/** Every template's related ones (pickRelated), in one pass over the catalog's categories. */
export function listRelated(templates: readonly Template[], count = RELATED_COUNT): Map<Template, Template[]> {
  const related = new Map<Template, Template[]>();
  for (const group of groupByCategory(templates).values()) group.forEach((t, at) => related.set(t, pickRelated(group, t, count, at)));
  return related;
}
