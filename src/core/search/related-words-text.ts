import type { RelatedWords } from './relate-words.ts';

/** Related words as text, one word a line: "jog\tworkout 0.36\tfitness 0.2" (sorted, so equal input gives equal bytes). */
export function writeRelatedWords(related: RelatedWords): string {
  return [...related]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([word, terms]) => [word, ...terms.map(([t, c]) => `${t} ${c}`)].join('\t'))
    .join('\n');
}

/** Related words as search reads them: by lemma. A Map is one; so is what readRelatedWords reads. */
export type RelatedLookup = Pick<RelatedWords, 'get' | 'size'>;

/**
 * Looks words up in what writeRelatedWords wrote without parsing it all: the lines are sorted,
 * so a lookup is a binary search over their starts (found once, when read). Parsing
 * ~50,000 lines into a Map took ~100 ms a cold start would pay.
 */
export function readRelatedWords(text: string): RelatedLookup {
  let starts: Int32Array | undefined;
  const listStarts = () => {
    const found = [0];
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) found.push(at + 1);
    return Int32Array.from(found);
  };
  const TAB = 9;
  /** The order of `word` against the key of the line starting at `from`, compared in place (most lookups find nothing: no string is made). */
  const compareAt = (word: string, from: number): number => {
    for (let i = 0; ; i++) {
      const k = text.charCodeAt(from + i);
      if (i === word.length) return k === TAB ? 0 : -1;
      if (k === TAB) return 1;
      const d = word.charCodeAt(i) - k;
      if (d) return d;
    }
  };
  const size = text ? (starts ??= listStarts()).length : 0;
  return {
    size,
    get(word: string) {
      if (!size) return undefined;
      starts ??= listStarts();
      let [lo, hi] = [0, starts.length - 1];
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const order = compareAt(word, starts[mid]!);
        if (order === 0) {
          const end = mid + 1 < starts.length ? starts[mid + 1]! - 1 : text.length;
          return text.slice(starts[mid]!, end).split('\t').slice(1).map((t) => {
            const space = t.lastIndexOf(' ');
            return [t.slice(0, space), Number(t.slice(space + 1))] as [string, number];
          });
        }
        if (order > 0) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    },
  };
}
