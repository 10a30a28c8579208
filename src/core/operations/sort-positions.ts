import type { SortOrder } from '../../schemas/sort-order.ts';
import type { Template } from '../../schemas/template.ts';

/**
 * Matches in the order asked: relevance keeps the search's order (without q, the catalog's:
 * newest first), newest is the catalog's order (positions ascending), price puts free first
 * then rising, duration the shortest first. Ties keep the order they came in (a stable sort),
 * so the best or newest of an equal price comes first.
 */
export function sortPositions(templates: readonly Template[], positions: number[], sort: SortOrder): number[] {
  if (sort === 'relevance') return positions;
  if (sort === 'newest') return positions.sort((a, b) => a - b);
  const key = sort === 'price' ? (p: number) => templates[p]!.priceCents : (p: number) => templates[p]!.durationSeconds;
  return positions.sort((a, b) => key(a) - key(b));
}
