import type { Template } from '../../schemas/template.ts';
import { LruCache } from '../lru-cache.ts';
import { normalizeQuery, type SearchIndex } from './search-index.ts';
import { QUERY_OPTIONS, processTerm, tokenizeText } from './search-options.ts';

/** One query term's MiniSearch scores by template id. */
interface TermHits {
  scores: ReadonlyMap<string, number>;
  size: number;
}

/** Ids of one query's answer, best first. */
interface QueryHits {
  ids: readonly string[];
  size: number;
}

// A Map entry holding a boxed score weighs ~64 bytes; terms repeat across queries far more than queries do.
// The term memo must hold the working vocabulary: at 50,000 templates a common word's hits are
// ~450 KB, and a 24 MB bound thrashed (a third of the rate, p99 76 ms).
const TERMS_KEPT = 20_000;
const TERM_BYTES = 32 * 1024 * 1024;
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
 * A search function over one loaded catalog: ids best first, exact title matches leading,
 * then relevance; all words must match, and when no template has them all, those matching
 * the most words are given.
 *
 * Ranking is MiniSearch's own: a multi-word score is the sum of each word's score, times the
 * number of distinct words matched. Each word is searched alone through MiniSearch (prefix
 * only on the last word, fuzzy per QUERY_OPTIONS) and remembered, because words repeat across
 * queries far more than whole queries do; the catalog never changes while loaded.
 */
export function createTemplateSearch(index: SearchIndex, templates: readonly Template[]): (q: string) => readonly string[] {
  const byTitle = new Map<string, string[]>();
  for (const t of templates) {
    const key = normalizeQuery(t.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), t.id]);
  }
  const termMemo = new LruCache<TermHits>(TERMS_KEPT, TERM_BYTES);
  const queryMemo = new LruCache<QueryHits>(QUERIES_KEPT, QUERY_BYTES);

  const searchTerm = (term: string, last: boolean): ReadonlyMap<string, number> => {
    const key = `${last ? '*' : '='}${term}`;
    const known = termMemo.get(key);
    if (known) return known.scores;
    const hits = index.search(term, { prefix: last, fuzzy: QUERY_OPTIONS.fuzzy, combineWith: 'OR' });
    const scores = new Map(hits.map((h) => [h.id as string, h.score]));
    termMemo.set(key, { scores, size: 64 + scores.size * 64 });
    return scores;
  };

  // All words: walk the smallest word's hits and probe the others (cost of the rarest word).
  const combineAll = (perTerm: ReadonlyMap<string, number>[]): Map<string, number> => {
    const [smallest, ...others] = [...perTerm].sort((a, b) => a.size - b.size);
    const ranked = new Map<string, number>();
    if (!smallest) return ranked;
    for (const [id, first] of smallest) {
      let score = first;
      for (const scores of others) {
        const s = scores.get(id);
        if (s === undefined) {
          score = NaN;
          break;
        }
        score += s;
      }
      if (!Number.isNaN(score)) ranked.set(id, score * perTerm.length);
    }
    return ranked;
  };

  // Fallback when no template has every word: those matching the most words (say 3 of 4),
  // each score times the words matched. Weak one-word matches would swamp a long query.
  // Up to MAX_SUBSET_WORDS words, AND over each subset of k words (k = n-1, n-2, …) finds
  // them at the cost of the rarest words; past that, one pass over every word's hits.
  const combineMost = (perTerm: ReadonlyMap<string, number>[]): Map<string, number> => {
    if (perTerm.length <= MAX_SUBSET_WORDS) {
      for (let k = perTerm.length - 1; k >= 1; k--) {
        const ranked = new Map<string, number>();
        for (const subset of listSubsets(perTerm, k)) for (const [id, score] of combineAll(subset)) ranked.set(id, score);
        if (ranked.size) return ranked; // a hit here matches exactly k words: none matched k+1
      }
      return new Map();
    }
    const totals = new Map<string, { score: number; matched: number }>();
    let most = 0;
    for (const scores of perTerm) {
      for (const [id, score] of scores) {
        const t = totals.get(id) ?? { score: 0, matched: 0 };
        t.score += score;
        t.matched++;
        totals.set(id, t);
        if (t.matched > most) most = t.matched;
      }
    }
    const ranked = new Map<string, number>();
    for (const [id, t] of totals) if (t.matched === most) ranked.set(id, t.score * most);
    return ranked;
  };

  return (q) => {
    const wanted = normalizeQuery(q);
    const known = queryMemo.get(wanted);
    if (known) return known.ids;
    const terms = [...new Set(splitTerms(wanted))];
    const perTerm = terms.map((term, i) => searchTerm(term, i === terms.length - 1));
    let ranked = combineAll(perTerm);
    if (ranked.size === 0) ranked = combineMost(perTerm);
    const exact = new Set(byTitle.get(wanted)?.filter((id) => ranked.has(id)));
    const rest = [...ranked].filter(([id]) => !exact.has(id)).sort((a, b) => b[1] - a[1]);
    const ids = [...exact, ...rest.map(([id]) => id)];
    queryMemo.set(wanted, { ids, size: 64 + wanted.length * 2 + ids.length * 16 });
    return ids;
  };
}
