import type { Catalog } from '../../core/catalog/catalog.ts';
import { SEARCH_PAGE_SIZE, SITE_TAGLINE } from '../../core/markdown/site-copy.ts';
import { describeFilters } from '../../core/markdown/render-search-markdown.ts';
import { listTemplates } from '../../core/operations/list-templates.ts';
import { formatSearchNote } from '../../core/search/search-note.ts';
import { toSearchParams } from './catalog-state.ts';
import { planSearchView } from './plan-search-view.ts';
import { readListParams } from './read-list-params.ts';

/** The results heading of /search with nothing searched or filtered. */
export const SEARCH_HEADING_EMPTY = 'Newest first';

/**
 * What /search shows for an address: the page's head and status (400 for a bad address, 404
 * for a page past the last one: the page says so and links the last page; a search with no
 * match stays a 200), and every value on the page (planSearchView). search.astro renders it;
 * the edge function fills the prerendered shell with it (src/function/fill-search-shell.ts).
 */
export function planSearchPage(catalog: Catalog, params: URLSearchParams) {
  const read = readListParams(params, SEARCH_PAGE_SIZE);
  const result = read.query ? listTemplates(catalog, read.query) : undefined;
  const error = read.error && `This address has a problem: ${read.error}. Change the search below or start again.`;
  const answer = result && { ...result, total: result.total ?? result.count };
  const view = planSearchView(read.state, answer, { pageSize: SEARCH_PAGE_SIZE, home: false, headingEmpty: SEARCH_HEADING_EMPTY, categories: catalog.categories }, error);
  const { empty } = view;
  const query = toSearchParams(read.state).toString();
  return {
    state: read.state,
    view,
    status: read.error ? 400 : view.pastEnd ? 404 : 200,
    title: read.error ? 'Search: check the address' : empty ? 'All templates' : `Search: ${describeFilters(read.state)}`,
    description: empty ? `Every template in the catalog. ${SITE_TAGLINE}` : `Templates matching ${describeFilters(read.state)}.`,
    markdownPath: `/search.md${query && !read.error ? `?${query}` : ''}`,
    noindex: !empty || Boolean(read.error) || Boolean(view.pastEnd),
    /** The search's note for the access log (SEARCH_NOTE), as the list API and /search.md send it. */
    note: result && formatSearchNote(result),
  };
}

/** A /search address as planSearchPage reads it. */
export type SearchPagePlan = ReturnType<typeof planSearchPage>;
