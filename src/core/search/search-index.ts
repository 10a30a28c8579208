import MiniSearch from 'minisearch';
import type { Template } from '../../schemas/template.ts';
import { LruCache } from '../lru-cache.ts';
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

/** Search hits for one normalized query, weighed for the LRU (about 16 bytes per id). */
interface Hits {
  ids: readonly string[];
  size: number;
}

/** Distinct queries whose hits are kept; hits are ids only, so 5,000 of them stay a few MB. */
const MEMO_ENTRIES = 5_000;
const MEMO_BYTES = 32 * 1024 * 1024;

/**
 * A search function over one loaded catalog: ids best first, exact title matches leading,
 * then MiniSearch relevance. All words must match; when none do, any word may (so a long
 * query still finds something). The catalog never changes while loaded, so recent answers
 * are remembered and REST, MCP and pages share them.
 */
export function createTemplateSearch(index: SearchIndex, templates: readonly Template[]): (q: string) => readonly string[] {
  const byTitle = new Map<string, string[]>();
  for (const t of templates) {
    const key = normalizeQuery(t.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), t.id]);
  }
  const memo = new LruCache<Hits>(MEMO_ENTRIES, MEMO_BYTES);
  return (q) => {
    const wanted = normalizeQuery(q);
    const known = memo.get(wanted);
    if (known) return known.ids;
    let hits = index.search(wanted);
    if (hits.length === 0) hits = index.search(wanted, { combineWith: 'OR' });
    const exact = new Set(byTitle.get(wanted)?.filter((id) => hits.some((h) => h.id === id)));
    const ids = [...exact, ...hits.map((h) => h.id as string).filter((id) => !exact.has(id))];
    memo.set(wanted, { ids, size: 64 + wanted.length * 2 + ids.length * 16 });
    return ids;
  };
}
