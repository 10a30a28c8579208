import type { Template } from '../../schemas/template.ts';
import { LruCache } from '../lru-cache.ts';
import { RepeatFilter } from '../repeat-filter.ts';
import { createHitsCollector } from './collect-hits.ts';
import { createVocabulary, type Vocabulary } from './create-vocabulary.ts';
import { expandWord, type WordPlan } from './expand-word.ts';
import { orderPostings } from './order-postings.ts';
import { planQuery, type QueryPlan, type QuerySlot } from './plan-query.ts';
import { narrowByWord, type UnmergedHits } from './probe-hits.ts';
import type { SearchIndex } from './search-index.ts';
import { MATCH_WEIGHTS, normalizeQuery } from './search-options.ts';
import { combineMostTermHits, intersectTermHits, type RankedHits, type TermHits } from './term-hits.ts';

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

// Words repeat across queries far more than whole queries do (a Zipf spread): each word's plan
// and hits are kept (at 50,000 templates a common word's hits weigh ~85 KB).
const WORDS_KEPT = 20_000;
const WORD_BYTES = 16 * 1024 * 1024;
// Whole queries are kept from their second sighting on (most are asked once).
const QUERIES_KEPT = 5_000;
const QUERY_BYTES = 16 * 1024 * 1024;
/** Templates found (positions) with their scores, ascending or not. */
interface Found {
  docs: ArrayLike<number>;
  scores: ArrayLike<number>;
}

/** Positions a rank key has room for (2^21 templates; scores to 2^31 / 1024 stay exact in a double). */
const POSITIONS = 2 ** 21;

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
export function createTemplateSearch(index: SearchIndex, templates: readonly Template[], options: { rememberQueries?: boolean } = {}): TemplateSearch {
  const remember = options.rememberQueries ?? true;
  const stats = { queries: 0, memoHits: 0, words: 0, wordMemoHits: 0 };
  const postings = orderPostings(index, templates);
  const vocab = createVocabulary(index);
  const collect = createHitsCollector(postings, templates.length);
  const byTitle = new Map<string, number[]>();
  templates.forEach((t, i) => {
    const key = normalizeQuery(t.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), i]);
  });
  // Scores of optional words (a stop word few templates have), added in rank; zero elsewhere.
  const extra = new Float64Array(templates.length);
  const optionalHits = (optional: readonly number[]): TermHits | undefined => {
    if (!optional.length) return undefined;
    const hits = collect(new Map(optional.map((t) => [t, 1])));
    for (let i = 0; i < hits.docs.length; i++) extra[hits.docs[i]!] = hits.scores[i]!;
    return hits;
  };
  const allDocs = Int32Array.from(templates, (_, i) => i);
  const queryMemo = new LruCache<{ answer: SearchAnswer; size: number }>(QUERIES_KEPT, QUERY_BYTES);
  const repeats = new RepeatFilter(QUERIES_KEPT * 10);

  const wordMemo = new LruCache<{ plan: WordPlan; hits?: TermHits; size: number }>(WORDS_KEPT, WORD_BYTES);
  const expand = (v: Vocabulary, word: string, last: boolean): WordPlan => {
    stats.words++;
    const key = `${last ? '*' : '='}${word}`;
    const known = remember ? wordMemo.get(key) : undefined;
    if (known) {
      stats.wordMemoHits++;
      return known.plan;
    }
    const plan = expandWord(v, word, last);
    if (remember) wordMemo.set(key, { plan, size: 256 + plan.terms.size * 32 });
    return plan;
  };
  const wordHits = (word: string, last: boolean, p: WordPlan): TermHits => {
    const key = `${last ? '*' : '='}${word}`;
    const entry = remember ? wordMemo.get(key) : undefined;
    if (entry?.hits) return entry.hits;
    const splits = p.splits.map(([x, y]) => asTermHits(intersectTermHits([collect(new Map([[x, 1]])), collect(new Map([[y, 1]]))]), MATCH_WEIGHTS.split / 4));
    const hits = collect(p.terms, splits);
    if (entry) wordMemo.set(key, { plan: p, hits, size: entry.size + hits.docs.length * 12 });
    return hits;
  };

  /** A slot's matches unmerged: from memory if merged before, else its words' postings. */
  const unmerged = (slot: QuerySlot, i: number, all: readonly QuerySlot[]): UnmergedHits => {
    const key = `${i === all.length - 1 ? '*' : '='}${slot.words[0]}`;
    const known = slot.joined ? undefined : remember ? wordMemo.get(key)?.hits : undefined;
    if (slot.joined || known || slot.plans[0]!.splits.length) {
      const hits = known ?? slotHits(slot, i, all);
      return { lists: [hits], weights: [1], size: hits.docs.length };
    }
    const word: UnmergedHits = { lists: [], weights: [], size: 0 };
    for (const [term, weight] of slot.plans[0]!.terms) {
      const [from, to] = [postings.starts[term]!, postings.starts[term + 1]!];
      word.lists.push({ docs: postings.docs.subarray(from, to), scores: postings.scores.subarray(from, to) });
      word.weights.push(weight);
      word.size += to - from;
    }
    return word;
  };

  /**
   * Every slot's AND: the rarest merged, each other looked up in its lists (see narrowByWord).
   * Scores are sums; rank multiplies them by the words matched (MiniSearch's AND scoring).
   */
  const intersectSlots = (slots: readonly QuerySlot[]): Found => {
    const words = slots.map(unmerged);
    const order = [...words.keys()].sort((a, b) => words[a]!.size - words[b]!.size);
    const first = order[0]!;
    let found: Found = words[first]!.lists.length === 1 ? words[first]!.lists[0]! : slotHits(slots[first]!, first, slots);
    for (const k of order.slice(1)) if (found.docs.length) found = narrowByWord(found, words[k]!);
    return found;
  };

  const slotHits = (slot: QuerySlot, i: number, all: readonly QuerySlot[]): TermHits => {
    const last = i === all.length - 1;
    const [a, b] = slot.plans.map((p, k) => wordHits(slot.words[k]!, last && k === slot.plans.length - 1, p));
    if (!slot.joined) return a!;
    return collect(slot.joined.terms, [asTermHits(intersectTermHits([a!, b!]), 0.5)]);
  };

  const ids = templates.map((t) => t.id);
  // Best first, ties newest first, in one native numeric sort: each hit is one float key, its
  // score to 1/1024 (scores closer than that tie) above its position.
  const rank = (wanted: string, ranked: Found, factor: number): Int32Array => {
    const exact = byTitle.get(wanted)?.filter((doc) => Array.prototype.includes.call(ranked.docs, doc)) ?? [];
    const keys = new Float64Array(ranked.docs.length - exact.length);
    let n = 0;
    for (let k = 0; k < ranked.docs.length; k++) {
      const doc = ranked.docs[k]!;
      const score = ranked.scores[k]! * factor + extra[doc]!;
      if (!exact.length || !exact.includes(doc)) keys[n++] = -Math.round(score * 1024) * POSITIONS + doc;
    }
    keys.sort();
    const out = new Int32Array(exact.length + n);
    out.set(exact);
    for (let k = 0; k < n; k++) {
      const key = keys[k]!;
      out[exact.length + k] = key - Math.floor(key / POSITIONS) * POSITIONS;
    }
    return out;
  };

  /** The answer object; ids are looked up only when someone reads them. */
  const toAnswer = (positions: Int32Array, suggestion: string | undefined): SearchAnswer => {
    let idList: string[] | undefined;
    return {
      positions,
      get ids() {
        return (idList ??= Array.from(positions, (doc) => ids[doc]!));
      },
      ...(suggestion ? { suggestion } : {}),
    };
  };

  const search = (q: string): SearchAnswer => {
    stats.queries++;
    const wanted = normalizeQuery(q);
    const known = remember ? queryMemo.get(wanted) : undefined;
    if (known) {
      stats.memoHits++;
      return known.answer;
    }
    const plan = planQuery(vocab, wanted, expand);
    let ranked: Found = plan.slots.length ? intersectSlots(plan.slots) : { docs: allDocs, scores: extra };
    let factor = plan.slots.length;
    if (ranked.docs.length === 0 && plan.slots.length > 1) [ranked, factor] = [combineMostTermHits(plan.slots.map(slotHits), templates.length), 1];
    const optional = optionalHits(plan.optional);
    const suggestion = suggest(plan);
    const answer = toAnswer(rank(wanted, ranked, factor), suggestion);
    if (optional) for (let i = 0; i < optional.docs.length; i++) extra[optional.docs[i]!] = 0;
    if (remember && repeats.seenBefore(wanted)) queryMemo.set(wanted, { answer, size: 64 + wanted.length * 2 + answer.positions.length * 20 });
    return answer;
  };
  return Object.assign(search, { stats });
}
