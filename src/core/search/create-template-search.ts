import type { Template } from '../../schemas/template.ts';
import { LruCache } from '../lru-cache.ts';
import { RepeatFilter } from '../repeat-filter.ts';
import { createHitsCollector } from './collect-hits.ts';
import { createVocabulary } from './create-vocabulary.ts';
import { orderPostings } from './order-postings.ts';
import { listPlanTerms, planQuery, suggestCorrection } from './plan-query.ts';
import { createRanker } from './rank-hits.ts';
import { createSlotRunner, type Found } from './run-slots.ts';
import type { SearchIndex } from './search-index.ts';
import { FEW_MATCHES, normalizeQuery, type SearchOptions } from './search-options.ts';
import { MATCH_WEIGHTS, RELATED, STRONG_FIELD_BONUS } from './ranking.ts';
import type { WordPlan } from './expand-word.ts';
import { combineMostTermHits, listPositions, type TermHits } from './term-hits.ts';
import { createWordMemo } from './word-memo.ts';
import { tokenizeText } from './tokenize-text.ts';
import { measureEdits } from './typo-index.ts';
import { createMatchExplainer, type MatchExplainer } from './explain-matches.ts';

/** A search function, with counters for benchmarks. */
export interface TemplateSearch {
  /** `q`'s words must match; each of `also` (a word the index has) adds its title and tags score, never required. */
  (q: string, also?: readonly string[]): SearchAnswer;
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
  /** Why each template is there (`matched`, `unmatched`): computed only when asked. */
  explain: MatchExplainer;
}

// Whole queries are kept from their second sighting on (most are asked once).
const QUERIES_KEPT = 5_000;
const QUERY_BYTES = 16 * 1024 * 1024;

/** The answer object; ids are looked up only when someone reads them. */
function toAnswer(positions: Int32Array, ids: readonly string[], suggestion: string | undefined, explain: MatchExplainer): SearchAnswer {
  let idList: string[] | undefined;
  const answer = {
    positions,
    get ids() {
      return (idList ??= Array.from(positions, (doc) => ids[doc]!));
    },
    ...(suggestion ? { suggestion } : {}),
  };
  // Not enumerable: two answers are equal by what they hold, not by their explainers.
  return Object.defineProperty(answer, 'explain', { value: explain, enumerable: false }) as typeof answer & { explain: MatchExplainer };
}

/** `more` after `first`, without those `first` has. */
function appendNew(first: Int32Array, more: Int32Array): Int32Array {
  const seen = new Set(first);
  return Int32Array.from([...first, ...Array.from(more).filter((doc) => !seen.has(doc))]);
}

/**
 * Honest order: templates reached only through meaning after every template with a literal
 * match (each group keeps its order). Only queries with a word matched by meaning pay for it.
 */
function putLiteralFirst(positions: Int32Array, explain: MatchExplainer, marks: Uint8Array): Int32Array {
  if (!explain.hasMeaning) return positions;
  explain.markLiteral(marks);
  const out = new Int32Array(positions.length);
  let n = 0;
  const meant: number[] = [];
  for (const doc of positions) if (marks[doc]) out[n++] = doc;
  else meant.push(doc);
  out.set(meant, n);
  marks.fill(0);
  return out;
}

/** A word the catalog lacks whose closest relation to it is loose (below RELATED.widenBeside). */
const isLooselyMeant = (p: WordPlan) => p.meaningOnly && Math.max(...p.related.map(([, w]) => w)) < RELATED.widenBeside * MATCH_WEIGHTS.meaning;

/** Templates whose titles a word that matched nothing is held against: the first few found. */
const NEAR_RESULTS = 3;

/** A title word of the first templates found one edit from `word` (4 letters or more, same first letter), for "did you mean". */
function findNearResult(templates: readonly Template[], found: Int32Array, word: string): string | undefined {
  if (word.length < 4) return undefined;
  for (const doc of found.subarray(0, NEAR_RESULTS)) {
    for (const w of tokenizeText(templates[doc]!.title)) if (w[0] === word[0] && w !== word && measureEdits(word, w, 1) <= 1) return w;
  }
  return undefined;
}

/** Only the hits in a title or tags (a score with the strong-field bonus). */
function keepStrong(hits: TermHits): TermHits {
  const docs: number[] = [];
  const scores: number[] = [];
  for (let i = 0; i < hits.docs.length; i++) if (hits.scores[i]! >= STRONG_FIELD_BONUS) docs.push(hits.docs[i]!), scores.push(hits.scores[i]!);
  return { docs: Int32Array.from(docs), scores: Float64Array.from(scores) };
}

/** Two sets of optional hits as one (scores added; ascending docs). */
function addHits(a: TermHits, b: TermHits): TermHits {
  const sum = new Map<number, number>();
  for (const h of [a, b]) for (let i = 0; i < h.docs.length; i++) sum.set(h.docs[i]!, (sum.get(h.docs[i]!) ?? 0) + h.scores[i]!);
  const docs = Int32Array.from([...sum.keys()].sort((x, y) => x - y));
  return { docs, scores: Float64Array.from(docs, (d) => sum.get(d)!) };
}

/**
 * The search over one loaded catalog, shared by REST, MCP and the pages. Every topical word
 * must match (as typed, as a word form, synonym, typo, prefix if last, or run together with
 * a neighbour); when no template has them all, those matching the most are given, and when
 * fewer than FEW_MATCHES have them all, those with every word but the commonest follow. The steps:
 * planQuery (words → slots), the word memo (word-memo.ts), the slots' AND (run-slots.ts), and
 * the order (rank-hits.ts, with every weight in ranking.ts).
 */
export function createTemplateSearch(index: SearchIndex, templates: readonly Template[], options: SearchOptions = {}): TemplateSearch {
  const remember = options.rememberQueries ?? true;
  const stats = { queries: 0, memoHits: 0, words: 0, wordMemoHits: 0 };
  const postings = orderPostings(index, templates);
  const vocab = createVocabulary(index, { lazy: options.once });
  const collect = createHitsCollector(postings, templates.length);
  const memo = createWordMemo(remember, stats);
  const slots = createSlotRunner(postings, collect, memo);
  const rank = createRanker(templates, { indexTitles: !options.once });
  // In the index's order (the build's) the index has the ids already.
  const ids = postings === index.postings ? index.ids : templates.map((t) => t.id);
  // A query of filler words alone ("a template") asks for every template, each scoring 0.
  const everyTemplate: Found = { docs: listPositions(templates.length), scores: new Float64Array(templates.length) };
  // Templates with a literal match, by position: set and wiped within one query (putLiteralFirst).
  const literalMarks = new Uint8Array(templates.length);
  const queryMemo = new LruCache<{ answer: SearchAnswer; size: number }>(QUERIES_KEPT, QUERY_BYTES);
  const repeats = new RepeatFilter(QUERIES_KEPT * 10);

  // A word given beside the query counts where it names the template: in its title or tags.
  const strongTerms = (words: readonly string[]) =>
    words.flatMap((w) => {
      const term = vocab.ids.get(w);
      return term === undefined ? [] : [term];
    });

  const search = (q: string, also: readonly string[] = []): SearchAnswer => {
    stats.queries++;
    const wanted = normalizeQuery(q);
    const key = also.length ? `${wanted}\n${also.join(' ')}` : wanted;
    const known = remember ? queryMemo.get(key) : undefined;
    if (known) {
      stats.memoHits++;
      return known.answer;
    }
    const plan = planQuery(vocab, wanted, memo.plan);
    const extra = strongTerms(also);
    // A lazily decoded index (a search asked once) decodes the words this query reads, and only those.
    postings.fill?.([...listPlanTerms(plan), ...extra]);
    let found = plan.slots.length ? slots.matchEverySlot(plan.slots) : everyTemplate;
    let factor = plan.slots.length;
    if (found.docs.length === 0 && plan.slots.length > 1) [found, factor] = [combineMostTermHits(plan.slots.map(slots.slotHits), templates.length), 1];
    const stops = plan.optional.length ? collect(new Map(plan.optional.map((t) => [t, 1]))) : undefined;
    const named = extra.length ? keepStrong(collect(new Map(extra.map((t) => [t, 1])))) : undefined;
    const optional = stops && named ? addHits(stops, named) : (stops ?? named);
    let positions = rank(wanted, found, factor, optional);
    // Few templates have every word: those with all but the commonest follow. "concert promo":
    // every promo has promo, the festival a concert's music but no "promo".
    // A word the catalog lacks and relates to it only loosely ("halloween": "before", 0.19) is
    // the one left out: the templates about the words it has follow ("sale"), not those loosely
    // related to the missing word. A close relation ("concert": music) is kept as meant.
    if (factor > 1 && positions.length < FEW_MATCHES) {
      const kept = plan.slots.filter((slot) => !slot.plans.every(isLooselyMeant));
      const rest = kept.length && kept.length < plan.slots.length ? kept : slots.listAllButCommonest(plan.slots);
      positions = appendNew(positions, rank(wanted, slots.matchEverySlot(rest), rest.length, optional));
    }
    const explain = createMatchExplainer(vocab, postings, plan);
    const ordered = putLiteralFirst(positions, explain, literalMarks);
    const answer = toAnswer(ordered, ids, suggestCorrection(plan, (word) => findNearResult(templates, ordered, word)), explain);
    if (remember && repeats.seenBefore(key)) queryMemo.set(key, { answer, size: 64 + key.length * 2 + answer.positions.length * 20 });
    return answer;
  };
  return Object.assign(search, { stats });
}
