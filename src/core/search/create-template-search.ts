import type { Template } from '../../schemas/template.ts';
import { LruCache } from '../lru-cache.ts';
import { RepeatFilter } from '../repeat-filter.ts';
import { createHitsCollector } from './collect-hits.ts';
import { createVocabulary } from './create-vocabulary.ts';
import { orderPostings } from './order-postings.ts';
import { planQuery, suggestCorrection } from './plan-query.ts';
import { createRanker } from './rank-hits.ts';
import { createSlotRunner, type Found } from './run-slots.ts';
import type { SearchIndex } from './search-index.ts';
import { normalizeQuery } from './search-options.ts';
import { combineMostTermHits } from './term-hits.ts';
import { createWordMemo } from './word-memo.ts';

/** A search function, with counters for benchmarks. */
export interface TemplateSearch {
  (q: string): SearchAnswer;
  /** Queries asked and how many the whole-query memo answered; words planned and how many the word memo answered. */
  readonly stats: { queries: number; memoHits: number; words: number; wordMemoHits: number };
}

/** One query's answer: templates best first, and a corrected query when words were not found. */
export interface SearchAnswer {
  /** Positions in the catalog's templates (newest first), best first. */
  positions: Int32Array;
  /** The same templates' ids (made on first read: REST and MCP lists only need positions). */
  readonly ids: readonly string[];
  /** "Did you mean": the query with each word found only as a typo (or not at all) corrected. */
  suggestion?: string;
}

// Whole queries are kept from their second sighting on (most are asked once).
const QUERIES_KEPT = 5_000;
const QUERY_BYTES = 16 * 1024 * 1024;

/** The answer object; ids are looked up only when someone reads them. */
function toAnswer(positions: Int32Array, ids: readonly string[], suggestion: string | undefined): SearchAnswer {
  let idList: string[] | undefined;
  return {
    positions,
    get ids() {
      return (idList ??= Array.from(positions, (doc) => ids[doc]!));
    },
    ...(suggestion ? { suggestion } : {}),
  };
}

/**
 * The search over one loaded catalog, shared by REST, MCP and the pages. Every topical word
 * must match (as typed, as a word form, synonym, typo, prefix if last, or run together with
 * a neighbour); when no template has them all, those matching the most are given. The steps:
 * planQuery (words → slots), the word memo (word-memo.ts), the slots' AND (run-slots.ts), and
 * the order (rank-hits.ts, with every weight in ranking.ts).
 */
export function createTemplateSearch(index: SearchIndex, templates: readonly Template[], options: { rememberQueries?: boolean } = {}): TemplateSearch {
  const remember = options.rememberQueries ?? true;
  const stats = { queries: 0, memoHits: 0, words: 0, wordMemoHits: 0 };
  const postings = orderPostings(index, templates);
  const vocab = createVocabulary(index);
  const collect = createHitsCollector(postings, templates.length);
  const memo = createWordMemo(remember, stats);
  const slots = createSlotRunner(postings, collect, memo);
  const rank = createRanker(templates);
  const ids = templates.map((t) => t.id);
  // A query of filler words alone ("a template") asks for every template, each scoring 0.
  const everyTemplate: Found = { docs: Int32Array.from(templates, (_, i) => i), scores: new Float64Array(templates.length) };
  const queryMemo = new LruCache<{ answer: SearchAnswer; size: number }>(QUERIES_KEPT, QUERY_BYTES);
  const repeats = new RepeatFilter(QUERIES_KEPT * 10);

  const search = (q: string): SearchAnswer => {
    stats.queries++;
    const wanted = normalizeQuery(q);
    const known = remember ? queryMemo.get(wanted) : undefined;
    if (known) {
      stats.memoHits++;
      return known.answer;
    }
    const plan = planQuery(vocab, wanted, memo.plan);
    let found = plan.slots.length ? slots.matchEverySlot(plan.slots) : everyTemplate;
    let factor = plan.slots.length;
    if (found.docs.length === 0 && plan.slots.length > 1) [found, factor] = [combineMostTermHits(plan.slots.map(slots.slotHits), templates.length), 1];
    const optional = plan.optional.length ? collect(new Map(plan.optional.map((t) => [t, 1]))) : undefined;
    const answer = toAnswer(rank(wanted, found, factor, optional), ids, suggestCorrection(plan));
    if (remember && repeats.seenBefore(wanted)) queryMemo.set(wanted, { answer, size: 64 + wanted.length * 2 + answer.positions.length * 20 });
    return answer;
  };
  return Object.assign(search, { stats });
}
