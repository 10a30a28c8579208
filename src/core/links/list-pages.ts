/**
 * The prerendered list pages: a category's templates and the whole catalog (newest first) cut
 * into pages of a fixed size, each a page of its own, so that a person or a crawler reaches
 * every prerendered template by links alone, with no function to answer /search.
 */
import { CATEGORY_LIMIT, HOME_LIMIT } from '../markdown/site-copy.ts';

/** Where the home's list continues: `/newest/2`, `/newest/3`, … (page 1 is `/`). */
export const NEWEST_PAGES = '/newest';

/** How many pages `total` items take at `size` a page (at least one, the first page of an empty list). */
export function countListPages(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The address of page `n` of a category (`/categories/{id}`, then `/categories/{id}/2`, …). */
export function toCategoryPagePath(category: string, n: number): string {
  return n <= 1 ? `/categories/${category}` : `/categories/${category}/${n}`;
}

/** The address of page `n` of the newest list (`/`, then `/newest/2`, …). */
export function toNewestPagePath(n: number): string {
  return n <= 1 ? '/' : `${NEWEST_PAGES}/${n}`;
}

/** Page `n` of `pages` at `pathOf`: its neighbours' addresses (rel="prev"/"next"), absent at the ends. */
export function findListNeighbours(n: number, pages: number, pathOf: (n: number) => string): { prev?: string; next?: string } {
  return { ...(n > 1 ? { prev: pathOf(n - 1) } : {}), ...(n < pages ? { next: pathOf(n + 1) } : {}) };
}

/** The pages after the first (2 … pages), as getStaticPaths lists them. */
export function listLaterPages(pages: number): number[] {
  return Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2);
}

/**
 * The prerendered page of a list (a category's, or the whole catalog's when `category` is
 * empty), newest first, that holds its template at `index` (0-based): where a page of another
 * size (a /search page) starts among these pages.
 */
export function findListPagePath(category: string, index: number): string {
  const n = Math.floor(Math.max(0, index) / (category ? CATEGORY_LIMIT : HOME_LIMIT)) + 1;
  return category ? toCategoryPagePath(category, n) : toNewestPagePath(n);
}
