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

/**
 * Runs a query plan's slots against the postings: each slot's hits (merged once, then kept in
 * the word memo) and the AND of every slot. A slot's last word is the query's last word only
 * in the last slot (it is then also matched as a prefix).
 */
export function createSlotRunner(postings: Postings, collect: ReturnType<typeof createHitsCollector>, memo: WordMemo) {
  const mergeWord = (plan: WordPlan): TermHits => {
    const splits = plan.splits.map(([x, y]) => scaleHits(intersectTermHits([collect(new Map([[x, 1]])), collect(new Map([[y, 1]]))]), SPLIT_SCALE));
    return collect(plan.terms, splits);
  };
  const wordHits = (word: string, last: boolean, plan: WordPlan): TermHits => memo.mergeHits(word, last, () => mergeWord(plan));

  /** One slot's merged hits: its word's, or a pair's run-together word and the pair's AND. */
  const slotHits = (slot: QuerySlot, i: number, all: readonly QuerySlot[]): TermHits => {
    const last = i === all.length - 1;
    const [a, b] = slot.plans.map((p, k) => wordHits(slot.words[k]!, last && k === slot.plans.length - 1, p));
    if (!slot.joined) return a!;
    return collect(slot.joined.terms, [scaleHits(intersectTermHits([a!, b!]), JOINED_PAIR_SCALE)]);
  };

  /** A slot's matches unmerged: from memory if merged before, else its word's postings as they are. */
  const unmerged = (slot: QuerySlot, i: number, all: readonly QuerySlot[]): UnmergedHits => {
    const known = slot.joined ? undefined : memo.readHits(slot.words[0]!, i === all.length - 1);
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

  return {
    slotHits,
    /**
     * Every slot's AND: the rarest merged, each other looked up in its lists (see narrowByWord).
     * Scores are sums; the ranking multiplies them by the words matched (MiniSearch's AND scoring).
     */
    matchEverySlot(slots: readonly QuerySlot[]): Found {
      const words = slots.map(unmerged);
      const order = [...words.keys()].sort((a, b) => words[a]!.size - words[b]!.size);
      const first = order[0]!;
      let found: Found = words[first]!.lists.length === 1 ? words[first]!.lists[0]! : slotHits(slots[first]!, first, slots);
      for (const k of order.slice(1)) if (found.docs.length) found = narrowByWord(found, words[k]!);
      return found;
    },
  };
}
