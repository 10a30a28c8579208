import type { Template } from '../../schemas/template.ts';
import { LruCache } from '../lru-cache.ts';
import { RepeatFilter } from '../repeat-filter.ts';
import { createHitsCollector } from './collect-hits.ts';
import { createVocabulary } from './create-vocabulary.ts';
import { orderPostings } from './order-postings.ts';
import { planQuery, type QueryPlan, type QuerySlot } from './plan-query.ts';
import type { SearchIndex } from './search-index.ts';
import { MATCH_WEIGHTS, normalizeQuery } from './search-options.ts';
import { intersectTermHits, unionMostTermHits, type RankedHits, type TermHits } from './term-hits.ts';

/** One query's answer: template ids best first, and a corrected query when words were not found. */
export interface SearchAnswer {
  ids: readonly string[];
  /** "Did you mean": the query with each word found only as a typo (or not at all) corrected. */
  suggestion?: string;
}

// Whole queries are kept from their second sighting on (most are asked once).
const QUERIES_KEPT = 5_000;
const QUERY_BYTES = 16 * 1024 * 1024;
/** Longest query whose fallback walks word subsets (6 words: at most 20 AND passes a level, 62 in all). */
const MAX_SUBSET_WORDS = 6;

function listSubsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...listSubsets(rest, k - 1).map((s) => [first!, ...s]), ...listSubsets(rest, k)];
}

/** When no template has every word: those matching the most (an AND per subset, k = n-1, n-2, …). */
function combineMost(perSlot: readonly TermHits[], templateCount: number): RankedHits {
  if (perSlot.length > MAX_SUBSET_WORDS) return unionMostTermHits(perSlot, templateCount);
  for (let k = perSlot.length - 1; k >= 1; k--) {
    const ranked: RankedHits = { docs: [], scores: [] };
    for (const subset of listSubsets(perSlot, k)) {
      const hits = intersectTermHits(subset);
      ranked.docs = ranked.docs.concat(hits.docs);
      ranked.scores = ranked.scores.concat(hits.scores);
    }
    if (ranked.docs.length) return ranked;
  }
  return { docs: [], scores: [] };
}

const asTermHits = (r: RankedHits, scale: number): TermHits => ({ docs: Int32Array.from(r.docs), scores: Float64Array.from(r.scores, (s) => s * scale) });

function suggest(plan: QueryPlan): string | undefined {
  const fixes = new Map<string, string>();
  for (const slot of plan.slots) {
    if (slot.joined?.direct) continue;
    slot.plans.forEach((p, i) => p.correction && fixes.set(slot.words[i]!, p.correction));
  }
  return fixes.size ? plan.words.map((w) => fixes.get(w) ?? w).join(' ') : undefined;
}

/**
 * The search over one loaded catalog, shared by REST, MCP and the pages. Every topical word
 * must match (as typed, as a word form, synonym, typo, prefix if last, or run together with
 * a neighbour); when no template has them all, those matching the most are given. Order:
 * exact title matches, then score (title and tags above the rest, see STRONG_FIELD_BONUS;
 * a multi-word score is the words' sum times the words matched), ties newest first.
 */
export function createTemplateSearch(index: SearchIndex, templates: readonly Template[]): (q: string) => SearchAnswer {
  const postings = orderPostings(index, templates);
  const vocab = createVocabulary(index);
  const collect = createHitsCollector(postings, templates.length);
  const byTitle = new Map<string, number[]>();
  templates.forEach((t, i) => {
    const key = normalizeQuery(t.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), i]);
  });
  const extra = new Float64Array(templates.length);
  /** Adds the optional words' scores to the templates already found. */
  const addOptional = (ranked: RankedHits, optional: readonly number[]): void => {
    if (!optional.length || !ranked.docs.length) return;
    const hits = collect(new Map(optional.map((t) => [t, 1])));
    for (let i = 0; i < hits.docs.length; i++) extra[hits.docs[i]!] = hits.scores[i]!;
    ranked.docs.forEach((doc, k) => (ranked.scores[k]! += extra[doc]!));
    for (let i = 0; i < hits.docs.length; i++) extra[hits.docs[i]!] = 0;
  };
  const queryMemo = new LruCache<{ answer: SearchAnswer; size: number }>(QUERIES_KEPT, QUERY_BYTES);
  const repeats = new RepeatFilter(QUERIES_KEPT * 10);

  const slotHits = (slot: QuerySlot): TermHits => {
    const [a, b] = slot.plans.map((p) => {
      const splits = p.splits.map(([x, y]) => asTermHits(intersectTermHits([collect(new Map([[x, 1]])), collect(new Map([[y, 1]]))]), MATCH_WEIGHTS.split / 4));
      return collect(p.terms, splits);
    });
    if (!slot.joined) return a!;
    return collect(slot.joined.terms, [asTermHits(intersectTermHits([a!, b!]), 0.5)]);
  };

  const rank = (wanted: string, ranked: RankedHits): string[] => {
    const exact = new Set(byTitle.get(wanted)?.filter((doc) => ranked.docs.includes(doc)));
    const order = [...ranked.docs.keys()].filter((k) => !exact.has(ranked.docs[k]!));
    order.sort((x, y) => ranked.scores[y]! - ranked.scores[x]! || ranked.docs[x]! - ranked.docs[y]!);
    return [...exact, ...order.map((k) => ranked.docs[k]!)].map((doc) => templates[doc]!.id);
  };

  return (q) => {
    const wanted = normalizeQuery(q);
    const known = queryMemo.get(wanted);
    if (known) return known.answer;
    const plan = planQuery(vocab, wanted);
    const perSlot = plan.slots.map(slotHits);
    let ranked: RankedHits = perSlot.length ? intersectTermHits(perSlot) : { docs: templates.map((_, i) => i), scores: templates.map(() => 0) };
    if (ranked.docs.length === 0) ranked = combineMost(perSlot, templates.length);
    addOptional(ranked, plan.optional);
    const suggestion = suggest(plan);
    const answer = { ids: rank(wanted, ranked), ...(suggestion ? { suggestion } : {}) };
    if (repeats.seenBefore(wanted)) queryMemo.set(wanted, { answer, size: 64 + wanted.length * 2 + answer.ids.length * 16 });
    return answer;
  };
}
