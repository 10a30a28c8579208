import MiniSearch from 'minisearch';
import type { Template } from '../../schemas/template.ts';
import { SEARCH_OPTIONS, toSearchDocument, type SearchDocument } from './search-options.ts';

/** A loaded MiniSearch index over the catalog. */
export type SearchIndex = MiniSearch<SearchDocument>;

/** Builds the index from the catalog (build time only: the server never re-indexes). */
export function buildSearchIndex(templates: readonly Template[]): SearchIndex {
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  index.addAll(templates.map(toSearchDocument));
  return index;
}

/** Loads the index the build serialized with `JSON.stringify(index)`. */
export function loadSearchIndex(json: string): SearchIndex {
  return MiniSearch.loadJSON<SearchDocument>(json, SEARCH_OPTIONS);
}

const normalize = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Ids matching free text, best first: exact title matches lead, then MiniSearch relevance.
 * All words must match; when none do, any word may (so a long query still finds something).
 */
export function searchTemplateIds(index: SearchIndex, q: string, titleOf: (id: string) => string | undefined): string[] {
  let hits = index.search(q);
  if (hits.length === 0) hits = index.search(q, { combineWith: 'OR' });
  const wanted = normalize(q);
  const exact = hits.filter((h) => normalize(titleOf(h.id as string) ?? '') === wanted);
  const rest = exact.length ? hits.filter((h) => !exact.includes(h)) : hits;
  return [...exact, ...rest].map((h) => h.id as string);
}
