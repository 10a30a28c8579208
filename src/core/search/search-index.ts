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

/** Lower-cased, single-spaced, trimmed: the form queries and titles are compared in. */
export function normalizeQuery(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}
