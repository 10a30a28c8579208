import type { SearchIndex } from './search-index.ts';
import { MATCH_WEIGHTS } from './ranking.ts';
import { allowedEdits } from './search-options.ts';
import { findByBaseForm } from './base-forms.ts';
import { stemWord } from './stem-word.ts';
import { createStemGroups, createTermIds, type WordLookup } from './term-lookups.ts';
import { createTypoIndex } from './typo-index.ts';

/** Lookups over the index's own words, built once when the catalog loads. */
export interface Vocabulary {
  terms: readonly string[];
  /** Number of templates indexed. */
  size: number;
  /** Templates per word (its postings' length), for choosing among candidates. */
  counts: Int32Array;
  ids: WordLookup<number>;
  /** Words sharing a stem: launch, launches, launching. */
  byStem: WordLookup<readonly number[]>;
  /** Stem → stems of the same synonym group (its own excluded). */
  synonyms: ReadonlyMap<string, readonly string[]>;
  typos: ReturnType<typeof createTypoIndex>;
  /** The catalog words a word it lacks (or has only in descriptions) means, by the word's lemma (its first form filed: findByBaseForm): word ids, weighted (MATCH_WEIGHTS.meaning × closeness). */
  listRelated(word: string): [number, number][];
  /** Word ids starting with `prefix` (longer than it), commonest first, at most `max`. */
  listPrefixed(prefix: string, max: number): number[];
}

const TYPO_WORD = /^[a-z]{4,}$/;

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Builds the lookups for an index (its words are sorted, so prefixes are ranges). `lazy` (a
 * search asked once): the typos' index is made when a word is first not found (such a search
 * mostly finds its words), and each stem's words when the stem is first asked.
 */
export function createVocabulary(index: SearchIndex, { lazy = false } = {}): Vocabulary {
  const { terms, postings } = index;
  const counts = new Int32Array(terms.length);
  for (let t = 0; t < terms.length; t++) counts[t] = postings.starts[t + 1]! - postings.starts[t]!;
  const ids = createTermIds(terms);
  const byStem = createStemGroups(terms, { lazy });

  const synonyms = new Map<string, string[]>();
  for (const group of index.synonyms.groups) {
    const stems = [...new Set(group.map(stemWord))];
    for (const s of stems) for (const other of stems) if (other !== s && !synonyms.get(s)?.includes(other)) addTo(synonyms, s, other);
  }

  const listPrefixed = (prefix: string, max: number): number[] => {
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < terms.length && terms[i]!.startsWith(prefix); i++) if (terms[i] !== prefix) found.push(i);
    if (found.length > max) found.sort((a, b) => counts[b]! - counts[a]!).length = max;
    return found;
  };

  let typos: Vocabulary['typos'] | undefined;
  const readTypos = () => (typos ??= createTypoIndex(terms, (t) => TYPO_WORD.test(t) && allowedEdits(t) > 0));
  if (!lazy) readTypos();
  // A related catalog word stands for its forms and its synonyms too (timer → countdown).
  const listRelated = (word: string): [number, number][] => {
    const related = findByBaseForm(word, (form) => index.related.get(form));
    if (!related) return []; // most words: a title or tag word, or none WordNet relates
    const weighed = new Map<number, number>();
    for (const [term, closeness] of related) {
      const own = stemWord(term);
      [own, ...(synonyms.get(own) ?? [])].forEach((s, k) => {
        const weight = MATCH_WEIGHTS.meaning * closeness * (k ? MATCH_WEIGHTS.synonym : 1);
        for (const t of byStem.get(s) ?? []) if ((weighed.get(t) ?? 0) < weight) weighed.set(t, weight);
      });
    }
    return [...weighed];
  };
  return {
    terms, size: index.ids.length, counts, ids, byStem, synonyms, listPrefixed, listRelated,
    get typos() {
      return readTypos();
    },
  };
}
