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
 */
export function pickRelated(sameCategory: readonly Template[], template: Template, count = RELATED_COUNT): Template[] {
  const others = sameCategory.filter((t) => t.id !== template.id);
  if (others.length <= count) return others;
  const at = sameCategory.findIndex((t) => t.id === template.id);
  const start = Math.min(Math.max(0, at - 1), others.length - count);
  return others.slice(start, start + count);
}
