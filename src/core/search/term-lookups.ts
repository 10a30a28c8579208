import { stemWord } from './stem-word.ts';

/**
 * The vocabulary's lookups by word, kept as sorted arrays searched by halves instead of Maps:
 * a synthetic catalog of 100,000 templates has ~100,000 words (one number a title), and two
 * Maps of them (word → id, stem → ids) took ~8 MB of an edge isolate's 128 MB.
 */

/** What the search asks of a lookup by word. */
export interface WordLookup<V> {
  get(word: string): V | undefined;
  has(word: string): boolean;
}

/** The first position in `order` whose key (`keyAt`) is not below `word`. */
function lowerBound(length: number, keyAt: (k: number) => string, word: string): number {
  let [lo, hi] = [0, length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(mid) < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Word → its id (position) in `terms`, which are sorted in code-unit order as the index keeps them. */
export function createTermIds(terms: readonly string[]): WordLookup<number> {
  const get = (word: string) => {
    const at = lowerBound(terms.length, (k) => terms[k]!, word);
    return terms[at] === word ? at : undefined;
  };
  return { get, has: (word) => get(word) !== undefined };
}

const byStemThenId = (stems: readonly string[]) => (a: number, b: number) => (stems[a]! < stems[b]! ? -1 : stems[a]! > stems[b]! ? 1 : a - b);

/**
 * The ids of `terms` (sorted) by stem, then id. A word that is its own stem is already in
 * place among its kind, so only the others are sorted and the two runs merged: at 100,000
 * templates (~100,000 words, a few thousand with a suffix) the whole sort took ~100 ms of a
 * cold start.
 */
function orderByStem(terms: readonly string[], stems: readonly string[]): Int32Array {
  const own: number[] = [];
  const other: number[] = [];
  for (let i = 0; i < terms.length; i++) (stems[i] === terms[i] ? own : other).push(i);
  const before = byStemThenId(stems);
  other.sort(before);
  const order = new Int32Array(terms.length);
  let [a, b, k] = [0, 0, 0];
  while (a < own.length && b < other.length) order[k++] = before(own[a]!, other[b]!) < 0 ? own[a++]! : other[b++]!;
  while (a < own.length) order[k++] = own[a++]!;
  while (b < other.length) order[k++] = other[b++]!;
  return order;
}

/**
 * Stem → the ids of the words sharing it (launch, launches, launching), ascending. `lazy`: each
 * stem's words found when first asked, among the words that begin with the stem less its last
 * letter (every word's stem does: stem-word.ts only cuts a suffix, then may end it in "y"), not
 * by stemming and ordering every word: a search asked once at 100,000 templates saved ~40 ms.
 */
export function createStemGroups(terms: readonly string[], { lazy = false } = {}): WordLookup<readonly number[]> {
  if (lazy) return createLazyStemGroups(terms);
  const stems = terms.map(stemWord); // the word itself (no copy) for most: numbers, short words
  const order = orderByStem(terms, stems);
  const keyAt = (k: number) => stems[order[k]!]!;
  const get = (stem: string) => {
    let k = lowerBound(order.length, keyAt, stem);
    if (k >= order.length || keyAt(k) !== stem) return undefined;
    const ids: number[] = [];
    for (; k < order.length && keyAt(k) === stem; k++) ids.push(order[k]!);
    return ids;
  };
  return { get, has: (stem) => get(stem) !== undefined };
}

function createLazyStemGroups(terms: readonly string[]): WordLookup<readonly number[]> {
  const found = new Map<string, readonly number[] | undefined>();
  const get = (stem: string) => {
    if (found.has(stem)) return found.get(stem);
    const prefix = stem.slice(0, -1);
    const ids: number[] = [];
    for (let i = lowerBound(terms.length, (k) => terms[k]!, prefix); i < terms.length && terms[i]!.startsWith(prefix); i++) if (stemWord(terms[i]!) === stem) ids.push(i);
    found.set(stem, ids.length ? ids : undefined);
    return found.get(stem);
  };
  return { get, has: (stem) => get(stem) !== undefined };
}
