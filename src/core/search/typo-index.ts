/**
 * Typo candidates without walking the vocabulary (symmetric delete, as in SymSpell): each
 * vocabulary word is filed under itself and its one-letter deletions; a query word looks up
 * itself and its deletions (up to the edits allowed), and candidates are confirmed by their
 * Damerau distance. A swap of neighbours (lanuch/launch) shares a deletion, so it is one edit.
 * Vocabulary words keep one deletion only (memory): two substitutions in one word are not found.
 */
export interface TypoMatch {
  term: number;
  edits: number;
}

/** Optimal-string-alignment distance (Damerau with adjacent swaps), or max + 1 once past `max`. */
export function measureEdits(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** `word` and every string made by deleting up to `depth` letters from it. */
function listDeletions(word: string, depth: number, into = new Set<string>()): Set<string> {
  into.add(word);
  if (depth === 0 || word.length <= 1) return into;
  for (let i = 0; i < word.length; i++) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (!into.has(shorter)) listDeletions(shorter, depth - 1, into);
  }
  return into;
}

// Keys are filed by a hash of their letters (Horner, base 31, 32 bits).
const hashLetters = (s: string, skip = -1): number => {
  let hash = 0;
  for (let i = 0; i < s.length; i++) if (i !== skip) hash = (Math.imul(hash, 31) + s.charCodeAt(i)) | 0;
  return hash;
};

/** Whether `term` with letter `skip` deleted (-1: none) is `key`. */
function spells(term: string, skip: number, key: string): boolean {
  if (term.length - (skip < 0 ? 0 : 1) !== key.length) return false;
  for (let i = 0, k = 0; i < term.length; i++) if (i !== skip && term.charCodeAt(i) !== key.charCodeAt(k++)) return false;
  return true;
}

/**
 * Typo lookup over the words of `terms` that `accept` admits. Each word is filed under itself and
 * its deletions as before, but by hash in typed arrays, not as strings in a Map: a key's entries
 * are chained in filing order and checked letter by letter when looked up, so each key gives the
 * same ids in the same order. 9,055 typo words (10,000 realistic templates): 97 → 30 ms,
 * 9,064 (50,000): 121 → 72 ms, where a Map and a Set per word made a string per key (medians of
 * 9 runs alternating with the old index).
 */
export function createTypoIndex(terms: readonly string[], accept: (term: string) => boolean) {
  const accepted = terms.flatMap((term, id) => (accept(term) ? [id] : []));
  const bound = accepted.reduce((n, id) => n + terms[id]!.length + 1, 0);
  // Open addressing, at most half full: each slot a hash and its chain's first and last entry.
  const mask = 2 ** Math.ceil(Math.log2(2 * bound + 2)) - 1;
  const [slotHash, slotFirst, slotLast] = [new Int32Array(mask + 1), new Int32Array(mask + 1).fill(-1), new Int32Array(mask + 1)];
  // Per entry: the word, the letter deleted (-1: none) and the next entry under the same hash.
  const [entryId, entrySkip, entryNext] = [new Int32Array(bound), new Int32Array(bound), new Int32Array(bound).fill(-1)];
  const slotOf = (hash: number) => {
    let i = hash & mask;
    while (slotFirst[i] !== -1 && slotHash[i] !== hash) i = (i + 1) & mask;
    return i;
  };
  let entries = 0;
  const file = (id: number, skip: number) => {
    const hash = hashLetters(terms[id]!, skip);
    const slot = slotOf(hash);
    entryId[entries] = id;
    entrySkip[entries] = skip;
    if (slotFirst[slot] === -1) {
      slotHash[slot] = hash;
      slotFirst[slot] = entries;
    } else entryNext[slotLast[slot]!] = entries;
    slotLast[slot] = entries++;
  };
  for (const id of accepted) {
    const term = terms[id]!;
    file(id, -1);
    // Deleting any letter of a run of one letter gives one key: it is filed once, as listDeletions has it.
    for (let i = 0; i < term.length; i++) if (i === 0 || term[i] !== term[i - 1]) file(id, i);
  }
  /** The ids filed under `key`, in filing order. */
  const listFiled = (key: string): number[] => {
    const ids: number[] = [];
    for (let e = slotFirst[slotOf(hashLetters(key))]!; e !== -1; e = entryNext[e]!) if (spells(terms[entryId[e]!]!, entrySkip[e]!, key)) ids.push(entryId[e]!);
    return ids;
  };

  return {
    /** Vocabulary words within `maxEdits` of `word` (itself excluded), nearest first. */
    find(word: string, maxEdits: number): TypoMatch[] {
      if (maxEdits <= 0) return [];
      const seen = new Set<number>();
      const found: TypoMatch[] = [];
      for (const key of listDeletions(word, maxEdits)) {
        for (const id of listFiled(key)) {
          if (seen.has(id)) continue;
          seen.add(id);
          const term = terms[id]!;
          if (term === word) continue;
          const edits = measureEdits(word, term, maxEdits);
          if (edits <= maxEdits) found.push({ term: id, edits });
        }
      }
      return found.sort((a, b) => a.edits - b.edits);
    },
  };
}
