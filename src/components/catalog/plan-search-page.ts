import type { Catalog } from '../../core/catalog/catalog.ts';
import { SEARCH_PAGE_SIZE, SITE_TAGLINE } from '../../core/markdown/site-copy.ts';
import { describeFilters } from '../../core/markdown/render-search-markdown.ts';
import { listTemplates } from '../../core/operations/list-templates.ts';
import { buildStateHref, countPages, isEmptyState, toSearchParams } from './catalog-state.ts';
import { readListParams } from './read-list-params.ts';

/**
 * What /search shows for an address: the results, its status (400 for a bad address, 404 for
 * a page past the last one: the page says so and links the last page; a search with no match
 * stays a 200), its head and its heading lines. search.astro renders it; the edge function
 * fills the prerendered shell with it (src/function/fill-search-shell.ts).
 */
export function planSearchPage(catalog: Catalog, params: URLSearchParams) {
  const read = readListParams(params, SEARCH_PAGE_SIZE);
  const result = read.query ? listTemplates(catalog, read.query) : undefined;
  const lastPage = countPages(result?.total ?? 0, SEARCH_PAGE_SIZE);
  const pastEnd = Boolean(result) && read.state.page > lastPage;
  const empty = isEmptyState(read.state);
  const query = toSearchParams(read.state).toString();
  const suggestion = result?.suggestion;
  return {
    read,
    result,
    status: read.error ? 400 : pastEnd ? 404 : 200,
    empty,
    title: read.error ? 'Search: check the address' : empty ? 'All templates' : `Search: ${describeFilters(read.state)}`,
    description: empty ? `Every template in the catalog. ${SITE_TAGLINE}` : `Templates matching ${describeFilters(read.state)}.`,
    markdownPath: `/search.md${query && !read.error ? `?${query}` : ''}`,
    noindex: !empty || Boolean(read.error) || pastEnd,
    heading: empty ? 'All templates' : 'Search templates',
    /** The past-the-end notice, when the page asked for is past the last. */
    pastEnd: pastEnd
      ? {
          text: `There is no page ${read.state.page}: this search has ${lastPage === 1 ? 'one page' : `${lastPage} pages`}.`,
          href: buildStateHref('/search', { ...read.state, page: lastPage }),
          link: `Go to ${lastPage === 1 ? 'the results' : `page ${lastPage}`}`,
        }
      : undefined,
    suggestion: { text: suggestion ?? '', href: buildStateHref('/search', { ...read.state, q: suggestion ?? '', page: 1 }) },
    error: read.error && `This address has a problem: ${read.error}. Change the search below or start again.`,
  };
}

/** A /search address as planSearchPage reads it. */
export type SearchPagePlan = ReturnType<typeof planSearchPage>;
