/**
 * One query word's hits: template positions in ascending order, with its score in each. Two typed arrays weigh 12 bytes a hit where a Map of id → score weighs ~64, and sorted
 * positions let an AND walk the lists instead of hashing ids.
 */
export interface TermHits {
  docs: Int32Array;
  scores: Float32Array | Float64Array;
}

/** Hits of a combination of words: positions (not sorted by score) and summed scores. */
export interface RankedHits {
  docs: number[];
  scores: number[];
}

/** Every position of `count` templates, ascending: a plain loop, where `Int32Array.from(templates, …)` walked an iterator (~15 ms at 100,000 cold). */
export function listPositions(count: number): Int32Array {
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) out[i] = i;
  return out;
}

/** First index at or after `from` whose doc is ≥ `doc` (galloping, then binary search). */
export function seek(docs: Int32Array, doc: number, from: number): number {
  let step = 1;
  let hi = from;
  while (hi < docs.length && docs[hi]! < doc) {
    from = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, docs.length);
  while (from < hi) {
    const mid = (from + hi) >>> 1;
    if (docs[mid]! < doc) from = mid + 1;
    else hi = mid;
  }
  return from;
}

/**
 * Templates hit by every word, scored as MiniSearch scores an AND query: the sum of the
 * words' scores times the number of words. Walks the rarest word's hits and seeks the
 * others forward, so the cost follows the rarest word, not the commonest.
 */
export function intersectTermHits(lists: readonly TermHits[]): RankedHits {
  const ranked: RankedHits = { docs: [], scores: [] };
  const [smallest, ...others] = [...lists].sort((a, b) => a.docs.length - b.docs.length);
  if (!smallest) return ranked;
  const cursors = new Array<number>(others.length).fill(0);
  next: for (let i = 0; i < smallest.docs.length; i++) {
    const doc = smallest.docs[i]!;
    let score = smallest.scores[i]!;
    for (let k = 0; k < others.length; k++) {
      const other = others[k]!;
      const j = (cursors[k] = seek(other.docs, doc, cursors[k]!));
      if (j === other.docs.length) break next; // this word has no later hits: nothing else can match
      if (other.docs[j] !== doc) continue next;
      score += other.scores[j]!;
    }
    ranked.docs.push(doc);
    ranked.scores.push(score * lists.length);
  }
  return ranked;
}

/** Templates hit by the most words (all hit by the same number), each score times that number. */
export function unionMostTermHits(lists: readonly TermHits[], templateCount: number): RankedHits {
  const total = new Float64Array(templateCount);
  const matched = new Uint8Array(templateCount);
  let most = 0;
  for (const list of lists) {
    for (let i = 0; i < list.docs.length; i++) {
      const doc = list.docs[i]!;
      const count = matched[doc]! + 1;
      total[doc] = total[doc]! + list.scores[i]!;
      matched[doc] = count;
      if (count > most) most = count;
    }
  }
  const ranked: RankedHits = { docs: [], scores: [] };
  for (let doc = 0; doc < templateCount; doc++) {
    if (most > 0 && matched[doc] === most) {
      ranked.docs.push(doc);
      ranked.scores.push(total[doc]! * most);
    }
  }
  return ranked;
}

/** Longest query whose fallback walks word subsets (6 words: at most 20 AND passes a level, 62 in all). */
const MAX_SUBSET_WORDS = 6;

function listSubsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...listSubsets(rest, k - 1).map((s) => [first!, ...s]), ...listSubsets(rest, k)];
}

/**
 * When no template has every word: those matching the most. Up to MAX_SUBSET_WORDS words, an
 * AND per subset of k words (k = n-1, n-2, …) at the cost of the rarest words; past that, one
 * pass over every word's hits.
 */
export function combineMostTermHits(perSlot: readonly TermHits[], templateCount: number): RankedHits {
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
