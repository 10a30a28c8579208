/**
 * The oracle: the typo index as it was before its keys became hashes (src/core/search/typo-index.ts
 * at d2cd42b), verbatim, so tests can prove the new one finds the same words in the same order.
 * Never "fix" it.
 */
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

/** Typo lookup over the words of `terms` that `accept` admits. */
export function createTypoIndex(terms: readonly string[], accept: (term: string) => boolean) {
  const filed = new Map<string, number | number[]>();
  terms.forEach((term, id) => {
    if (!accept(term)) return;
    for (const key of listDeletions(term, 1)) {
      const had = filed.get(key);
      if (had === undefined) filed.set(key, id);
      else if (typeof had === 'number') filed.set(key, [had, id]);
      else had.push(id);
    }
  });

  return {
    /** Vocabulary words within `maxEdits` of `word` (itself excluded), nearest first. */
    find(word: string, maxEdits: number): TypoMatch[] {
      if (maxEdits <= 0) return [];
      const seen = new Set<number>();
      const found: TypoMatch[] = [];
      for (const key of listDeletions(word, maxEdits)) {
        const ids = filed.get(key);
        if (ids === undefined) continue;
        for (const id of typeof ids === 'number' ? [ids] : ids) {
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
    /** Number of keys filed (for memory figures). */
    size: filed.size,
  };
}
