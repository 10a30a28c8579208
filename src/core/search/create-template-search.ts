import type { Template } from '../../schemas/template.ts';
import { LruCache } from '../lru-cache.ts';
import { RepeatFilter } from '../repeat-filter.ts';
import { normalizeQuery, type SearchIndex } from './search-index.ts';
import { QUERY_OPTIONS, processTerm, tokenizeText } from './search-options.ts';
import { intersectTermHits, packTermHits, unionMostTermHits, type RankedHits, type TermHits } from './term-hits.ts';

/** Ids of one query's answer, best first. */
interface QueryHits {
  ids: readonly string[];
  size: number;
}

// Terms repeat across queries far more than whole queries do, so the term memo must hold the
// working vocabulary: at 50,000 templates a common word has ~7,000 hits (~85 KB packed).
const TERMS_KEPT = 20_000;
const TERM_BYTES = 16 * 1024 * 1024;
// Whole queries are kept from their second sighting on (most are asked once).
const QUERIES_KEPT = 5_000;
const QUERY_BYTES = 16 * 1024 * 1024;

/** Longest query whose fallback walks word subsets (6 words: at most 20 AND passes a level, 62 in all). */
const MAX_SUBSET_WORDS = 6;

/** Every k-element subset of `items`, in order. */
function listSubsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...listSubsets(rest, k - 1).map((s) => [first!, ...s]), ...listSubsets(rest, k)];
}

function splitTerms(q: string): string[] {
  return tokenizeText(q).flatMap((t) => {
    const term = processTerm(t);
    return !term ? [] : Array.isArray(term) ? term : [term];
  });
}

/**
 * Fallback when no template has every word: those matching the most words (say 3 of 4). Up
 * to MAX_SUBSET_WORDS words, an AND over each subset of k words (k = n-1, n-2, …) finds them
 * at the cost of the rarest words; past that, one pass over every word's hits.
 */
function combineMost(perTerm: readonly TermHits[], templateCount: number): RankedHits {
  if (perTerm.length > MAX_SUBSET_WORDS) return unionMostTermHits(perTerm, templateCount);
  for (let k = perTerm.length - 1; k >= 1; k--) {
    const ranked: RankedHits = { docs: [], scores: [] };
    for (const subset of listSubsets(perTerm, k)) {
      const hits = intersectTermHits(subset); // a template hit here matches exactly k words
      // concat, not push(...): a subset can hit tens of thousands of templates, past the argument limit.
      ranked.docs = ranked.docs.concat(hits.docs);
      ranked.scores = ranked.scores.concat(hits.scores);
    }
    if (ranked.docs.length) return ranked;
  }
  return { docs: [], scores: [] };
}

/**
 * A search function over one loaded catalog: ids best first, exact title matches leading,
 * then relevance (ties newest first); all words must match, and when no template has them
 * all, those matching the most words are given.
 *
 * Ranking is MiniSearch's own: a multi-word score is the sum of each word's score, times the
 * number of distinct words matched. Each word is searched alone through MiniSearch (prefix
 * only on the last word, fuzzy per QUERY_OPTIONS) and remembered, because words repeat across
 * queries far more than whole queries do; the catalog never changes while loaded.
 */
export function createTemplateSearch(index: SearchIndex, templates: readonly Template[]): (q: string) => readonly string[] {
  const positions = new Map(templates.map((t, i) => [t.id, i]));
  const byTitle = new Map<string, number[]>();
  templates.forEach((t, i) => {
    const key = normalizeQuery(t.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), i]);
  });
  const termMemo = new LruCache<TermHits & { size: number }>(TERMS_KEPT, TERM_BYTES);
  const queryMemo = new LruCache<QueryHits>(QUERIES_KEPT, QUERY_BYTES);
  const repeats = new RepeatFilter(QUERIES_KEPT * 10);

  const searchTerm = (term: string, last: boolean): TermHits => {
    const key = `${last ? '*' : '='}${term}`;
    const known = termMemo.get(key);
    if (known) return known;
    const hits = packTermHits(index.search(term, { prefix: last, fuzzy: QUERY_OPTIONS.fuzzy, combineWith: 'OR' }), positions);
    termMemo.set(key, { ...hits, size: 128 + hits.docs.length * 12 });
    return hits;
  };

  const rank = (wanted: string, ranked: RankedHits): string[] => {
    const exact = new Set(byTitle.get(wanted)?.filter((doc) => ranked.docs.includes(doc)));
    const order = [...ranked.docs.keys()].filter((k) => !exact.has(ranked.docs[k]!));
    order.sort((a, b) => ranked.scores[b]! - ranked.scores[a]! || ranked.docs[a]! - ranked.docs[b]!);
    return [...exact, ...order.map((k) => ranked.docs[k]!)].map((doc) => templates[doc]!.id);
  };

  return (q) => {
    const wanted = normalizeQuery(q);
    const known = queryMemo.get(wanted);
    if (known) return known.ids;
    const terms = [...new Set(splitTerms(wanted))];
    const perTerm = terms.map((term, i) => searchTerm(term, i === terms.length - 1));
    let ranked = intersectTermHits(perTerm);
    if (ranked.docs.length === 0) ranked = combineMost(perTerm, templates.length);
    const ids = rank(wanted, ranked);
    if (repeats.seenBefore(wanted)) queryMemo.set(wanted, { ids, size: 64 + wanted.length * 2 + ids.length * 16 });
    return ids;
  };
}
