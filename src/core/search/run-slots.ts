import type { createHitsCollector } from './collect-hits.ts';
import type { WordPlan } from './expand-word.ts';
import type { QuerySlot } from './plan-query.ts';
import type { Postings } from './postings-codec.ts';
import { narrowByWord, type UnmergedHits } from './probe-hits.ts';
import { JOINED_PAIR_SCALE, SPLIT_SCALE } from './ranking.ts';
import { intersectTermHits, type RankedHits, type TermHits } from './term-hits.ts';
import type { WordMemo } from './word-memo.ts';

/** Templates found (positions, ascending) with their scores. */
export interface Found {
  docs: ArrayLike<number>;
  scores: ArrayLike<number>;
}

const scaleHits = (r: RankedHits, scale: number): TermHits => ({ docs: Int32Array.from(r.docs), scores: Float64Array.from(r.scores, (s) => s * scale) });

/** How many postings a slot's words match, each weighed as it matches. */
function weighPostings(postings: Postings, slot: QuerySlot): number {
  let sum = 0;
  for (const plan of [...slot.plans, ...(slot.joined ? [slot.joined] : [])]) {
    for (const [term, weight] of plan.terms) sum += weight * (postings.starts[term + 1]! - postings.starts[term]!);
  }
  return sum;
}

/**
 * Runs a query plan's slots against the postings: each slot's hits (merged once, then kept in
 * the word memo) and the AND of every slot. A slot's last word is the query's last word only
 * in the slot marked last (it is then also matched as a prefix), wherever the slot runs.
 */
export function createSlotRunner(postings: Postings, collect: ReturnType<typeof createHitsCollector>, memo: WordMemo) {
  const mergeWord = (plan: WordPlan): TermHits => {
    const splits = plan.splits.map(([x, y]) => scaleHits(intersectTermHits([collect(new Map([[x, 1]])), collect(new Map([[y, 1]]))]), SPLIT_SCALE));
    return collect(plan.terms, splits);
  };
  const wordHits = (word: string, last: boolean, plan: WordPlan): TermHits => memo.mergeHits(word, last, () => mergeWord(plan));

  /** One slot's merged hits: its word's, or a pair's run-together word and the pair's AND. */
  const slotHits = (slot: QuerySlot): TermHits => {
    const [a, b] = slot.plans.map((p, k) => wordHits(slot.words[k]!, slot.last && k === slot.plans.length - 1, p));
    if (!slot.joined) return a!;
    return collect(slot.joined.terms, [scaleHits(intersectTermHits([a!, b!]), JOINED_PAIR_SCALE)]);
  };

  /** A slot's matches unmerged: from memory if merged before, else its word's postings as they are. */
  const unmerged = (slot: QuerySlot): UnmergedHits => {
    const known = slot.joined ? undefined : memo.readHits(slot.words[0]!, slot.last);
    if (slot.joined || known || slot.plans[0]!.splits.length) {
      const hits = known ?? slotHits(slot);
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

  return {
    slotHits,
    /**
     * Every slot's AND: the rarest merged, each other looked up in its lists (see narrowByWord).
     * Scores are sums; the ranking multiplies them by the words matched (MiniSearch's AND scoring).
     */
    matchEverySlot(slots: readonly QuerySlot[]): Found {
      const words = slots.map((slot) => unmerged(slot));
      const order = [...words.keys()].sort((a, b) => words[a]!.size - words[b]!.size);
      const first = order[0]!;
      let found: Found = words[first]!.lists.length === 1 ? words[first]!.lists[0]! : slotHits(slots[first]!);
      for (const k of order.slice(1)) if (found.docs.length) found = narrowByWord(found, words[k]!);
      return found;
    },
    /**
     * The slots but the commonest (the word telling least), as Elasticsearch's common terms query
     * leaves it out: by its words' postings, each weighed as it matches (a word reached only by
     * meaning counts little). Not by merged hits: merging every slot halved cold throughput, and
     * what the memo holds must not change the answer.
     */
    listAllButCommonest(slots: readonly QuerySlot[]): QuerySlot[] {
      const sizes = slots.map((slot) => weighPostings(postings, slot));
      const commonest = sizes.indexOf(Math.max(...sizes));
      return slots.filter((_, i) => i !== commonest);
    },
  };
}
