import { seek, type RankedHits, type TermHits } from './term-hits.ts';

/**
 * A query word's matches before they are merged: the postings of each vocabulary word it stands
 * for (launch, launches, release, …) with their weights. Merging a common word means walking
 * thousands of postings; once a rarer word has narrowed the answer, looking its few templates
 * up in these lists costs a handful of seeks instead.
 */
export interface UnmergedHits {
  lists: TermHits[];
  weights: number[];
  /** Postings in all (an upper bound of the templates matched), to walk the rarest word first. */
  size: number;
}

/**
 * Keeps the templates of `found` (ascending) that `word` also matches, adding the word's best
 * weighted score in each: the AND of one more word without merging its lists.
 */
export function narrowByWord(found: { docs: ArrayLike<number>; scores: ArrayLike<number> }, word: UnmergedHits): RankedHits {
  const out: RankedHits = { docs: [], scores: [] };
  const cursors = new Array<number>(word.lists.length).fill(0);
  for (let i = 0; i < found.docs.length; i++) {
    const doc = found.docs[i]!;
    let best = 0;
    for (let k = 0; k < word.lists.length; k++) {
      const list = word.lists[k]!;
      const j = (cursors[k] = seek(list.docs, doc, cursors[k]!));
      if (list.docs[j] === doc) best = Math.max(best, list.scores[j]! * word.weights[k]!);
    }
    if (best > 0) {
      out.docs.push(doc);
      out.scores.push(found.scores[i]! + best);
    }
  }
  return out;
}
