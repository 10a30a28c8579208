import type { Category } from '../../schemas/catalog-file.ts';
import type { FilterWordsFile } from '../../schemas/filter-words.ts';
import type { Template } from '../../schemas/template.ts';
import { createQuerySearch, type QueryAnswer, type QuerySearch } from '../search/create-query-search.ts';
import type { GivenFilters } from '../search/read-constraints.ts';
import { buildSearchIndex, type SearchIndex } from '../search/search-index.ts';
import type { TopicalPair } from '../search/topical-pairs.ts';
import { NO_FILTER_WORDS, type Catalog } from './catalog.ts';
import { createFacetCodes, type FacetCodes } from './facet-codes.ts';
import { ColumnsOnlyError, type ListColumns } from './list-columns.ts';

/** The search a catalog of the columns answers words with: over the stand-ins, which then need their ids (readListColumns). */
export interface ColumnSearch {
  index: SearchIndex;
  filterWords: FilterWordsFile;
  topicalPairs: readonly TopicalPair[];
  search: QuerySearch;
}

/**
 * The search over the stand-ins of `columns`, made once: it finds a page before its whole
 * templates are read, and the catalog with them in place (createColumnCatalog) answers with it.
 * It reads the columns' fields only (list-columns.ts says which) and the index.
 */
export function createColumnSearch(columns: ListColumns, index: SearchIndex, filterWords: FilterWordsFile, topicalPairs: readonly TopicalPair[]): ColumnSearch {
  const search = createQuerySearch(index, columns.templates, { filterWords, topicalPairs }, { rememberQueries: false, once: true });
  // The one list is asked three times (its page found, written once to check, answered): its answers are kept, ~100 ms each at 100,000 templates.
  const answers = new Map<string, QueryAnswer>();
  const remembered = (q: string, given?: GivenFilters, suggest?: boolean) => {
    const key = JSON.stringify([q, given ?? {}, suggest]);
    let answer = answers.get(key);
    if (!answer) answers.set(key, (answer = search(q, given, suggest)));
    return answer;
  };
  return { index, filterWords, topicalPairs, search: Object.assign(remembered, { words: search.words, keep: search.keep }) };
}

// The facets' codes of the stand-ins, made once though a list makes its catalog twice (its page found, then answered): ~30 ms at 100,000.
const facetCodesOf = new WeakMap<ListColumns, FacetCodes>();

/**
 * A catalog of the columns for one list: the stand-ins, with the whole templates of its page
 * (`whole`, by position) in their places. Its facets are the whole catalog's (the same
 * columns, the same order). Words are searched with `words` when given; without it a search,
 * or any field the columns lack, throws ColumnsOnlyError.
 */
export function createColumnCatalog(categories: readonly Category[], columns: ListColumns, whole: ReadonlyMap<number, Template>, words?: ColumnSearch): Catalog {
  const templates = [...columns.templates];
  const byRef = new Map<string, Template>();
  for (const [p, t] of whole) {
    templates[p] = t;
    byRef.set(t.id, t).set(t.slug, t);
  }
  const unavailable = (): never => {
    throw new ColumnsOnlyError('the list columns cannot search without the index');
  };
  const search = words?.search;
  let facetCodes = facetCodesOf.get(columns);
  if (!facetCodes) facetCodesOf.set(columns, (facetCodes = createFacetCodes(columns.templates)));
  return {
    categories,
    templates,
    index: words?.index ?? buildSearchIndex([]),
    filterWords: words?.filterWords ?? NO_FILTER_WORDS,
    topicalPairs: words?.topicalPairs ?? [],
    byRef,
    facetCodes,
    search: search ? (q) => search.words(q).ids : unavailable,
    answerSearch: search ? (q, given) => search(q, given) : unavailable,
    meetFilters: search ? (positions, filters) => search.keep(positions, filters) : unavailable,
    prepareSearch: () => {},
  };
}
