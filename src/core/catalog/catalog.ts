import type { Category } from '../../schemas/catalog-file.ts';
import type { QueryFilters } from '../../schemas/responses.ts';
import { filterWordsFileSchema, type FilterWordsFile } from '../../schemas/filter-words.ts';
import type { Template } from '../../schemas/template.ts';
import { createQuerySearch, type QueryAnswer, type QuerySearch } from '../search/create-query-search.ts';
import type { GivenFilters } from '../search/read-constraints.ts';
import { isIndexOrder, type SearchIndex } from '../search/search-index.ts';
import { collectTopicalPairs, type TopicalPair } from '../search/topical-pairs.ts';
import { createFacetCodes, type FacetCodes } from './facet-codes.ts';
import { isNewestFirst, sortNewestFirst } from './sort-newest-first.ts';

/** The catalog in memory: what every operation reads. Immutable once created. */
export interface Catalog {
  categories: readonly Category[];
  /** Newest first (publishedAt, then title). */
  templates: readonly Template[];
  index: SearchIndex;
  /** The words a query may carry as constraints (`templates/_filter-words.json`). */
  filterWords: FilterWordsFile;
  /** The pairs of words of titles and tags that keep a filter word a word (collectTopicalPairs). */
  topicalPairs: readonly TopicalPair[];
  /** Every id and every slug, mapped to its template. */
  byRef: ReadonlyMap<string, Template>;
  /** Facet values as numbers, by position, for counting facets over many matches. */
  facetCodes: FacetCodes;
  /** Ids matching the words of `q`, best first, without reading constraints (completion, "nearest id" hints). */
  search(q: string): readonly string[];
  /**
   * The search every list surface uses: constraints read from `q` (a given tier or format wins
   * over a word), the words left matched; positions in `templates`, ranked, with "did you mean".
   */
  answerSearch(q: string, given?: GivenFilters): QueryAnswer;
  /** The positions (in `templates`) whose templates meet `filters`, in the order given. */
  meetFilters(positions: ArrayLike<number>, filters: QueryFilters): Int32Array;
  /** Builds the search's lookups now if they wait for their first use (`searchOnFirstUse`). */
  prepareSearch(): void;
}

/** How a catalog is assembled. */
export interface CatalogOptions {
  /** The pairs of words of titles and tags that keep a filter word a word, as the build collected them (collected here when not given). */
  topicalPairs?: readonly TopicalPair[];
  /**
   * Builds the search's lookups (vocabulary, typos, ranking, filter columns) on first use
   * instead of now: a fresh edge isolate answers its first request without them when it lists
   * without words or filters, and builds them after answering (prepareSearch).
   */
  searchOnFirstUse?: boolean;
}

/** No filter words: every word of a query is matched as a word. */
export const NO_FILTER_WORDS: FilterWordsFile = filterWordsFileSchema.parse({});

/**
 * The templates newest first. A build indexes them in that order, so a loaded catalog (read
 * shard by shard, in id-hash order) is placed by the index's ids and checked in one pass
 * instead of sorted: sorting took 55 ms at 10,000 templates and grows n log n. Templates given
 * in the index's order already (the build's own) are only checked. Anything else is sorted.
 */
function orderNewestFirst(templates: readonly Template[], index: SearchIndex): Template[] {
  if (templates.length !== index.ids.length) return sortNewestFirst(templates);
  if (isIndexOrder(index, templates)) return isNewestFirst(templates) ? [...templates] : sortNewestFirst(templates);
  const byId = new Map(templates.map((t) => [t.id, t]));
  const placed = index.ids.map((id) => byId.get(id));
  if (byId.size === templates.length && placed.every((t) => t !== undefined) && isNewestFirst(placed)) return placed;
  return sortNewestFirst(templates);
}

/** Assembles the runtime catalog from templates, categories, a built or loaded index and the filter words. */
export function createCatalog(
  categories: readonly Category[],
  templates: readonly Template[],
  index: SearchIndex,
  filterWords = NO_FILTER_WORDS,
  options: CatalogOptions = {},
): Catalog {
  const sorted = orderNewestFirst(templates, index);
  // The index's ids and the templates' are equal strings: each kept once (~2 MB at 100,000 templates).
  if (sorted.length === index.ids.length) for (let i = 0; i < sorted.length; i++) if (index.ids[i] === sorted[i]!.id) index.ids[i] = sorted[i]!.id;
  const byRef = new Map<string, Template>();
  for (const t of sorted) {
    byRef.set(t.id, t);
    byRef.set(t.slug, t);
  }
  const topicalPairs = options.topicalPairs ?? collectTopicalPairs(index, sorted, filterWords);
  let built: QuerySearch | undefined;
  const searching = () => (built ??= createQuerySearch(index, sorted, { filterWords, topicalPairs }));
  if (!options.searchOnFirstUse) searching();
  return {
    categories,
    templates: sorted,
    index,
    filterWords,
    topicalPairs,
    byRef,
    facetCodes: createFacetCodes(sorted),
    search: (q) => searching().words(q).ids,
    answerSearch: (q, given) => searching()(q, given),
    meetFilters: (positions, filters) => searching().keep(positions, filters),
    prepareSearch: () => void searching(),
  };
}
