import { findListPagePath } from '../../core/links/list-pages.ts';
import { SEARCH_PAGE_SIZE } from '../../core/markdown/site-copy.ts';
import type { SortOrder } from '../../schemas/sort-order.ts';
import { buildStateHref, FILTER_KEYS, type CatalogState } from './catalog-state.ts';

/** The order of the prerendered lists (the home's, /newest/N and the category pages): the list's default without words. */
const PRERENDERED_ORDER: SortOrder = 'newest';

/**
 * The prerendered page that lists what a /search state lists, so it answers on a static host
 * with no function: no words, no filter but a category the catalog has, the newest first. Page
 * `n` of /search (SEARCH_PAGE_SIZE a page) is the prerendered page holding its first template.
 * Undefined when only the search can list it.
 */
export function findPrerenderedList(state: CatalogState, categoryIds: readonly string[]): string | undefined {
  if (state.q || (state.sort && state.sort !== PRERENDERED_ORDER)) return undefined;
  if (FILTER_KEYS.some((key) => key !== 'category' && state[key])) return undefined;
  if (state.category && !categoryIds.includes(state.category)) return undefined;
  return findListPagePath(state.category, (state.page - 1) * SEARCH_PAGE_SIZE);
}

/**
 * The address a prerendered page links for a state: the prerendered list when there is one
 * (it answers with or without the function), else /search.
 */
export function linkFromPrerendered(state: CatalogState, categoryIds: readonly string[]): string {
  return findPrerenderedList(state, categoryIds) ?? buildStateHref('/search', state);
}
