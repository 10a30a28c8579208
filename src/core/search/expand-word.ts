import type { Vocabulary } from './create-vocabulary.ts';
import { MATCH_WEIGHTS, weighPrefix, weighTypo } from './ranking.ts';
import { MAX_PREFIX_TERMS, allowedEdits } from './search-options.ts';
import { stemWord } from './stem-word.ts';

/** How one query word is matched: vocabulary words with weights, and run-together splits. */
export interface WordPlan {
  /** Vocabulary word id → weight (1 for the word as typed). */
  terms: Map<number, number>;
  /** Two vocabulary words the typed word is made of (walkthrough → walk + through). */
  splits: [number, number][];
  /** Whether the word matched as typed, as a word form, synonym, prefix or split, not only as a typo. */
  direct: boolean;
  /** Whether the word matched as typed, as a word form or a synonym: a whole word, not one still being typed. */
  whole: boolean;
  /** Whether the word matched only by meaning (a word the catalog lacks, related through WordNet). */
  meaningOnly: boolean;
  /** The catalog words it means (WordNet), weighted, when it is not a catalog word (a whole word's are looked up when needed, plan-query.ts). */
  related: readonly [number, number][];
  /** The nearest vocabulary word, when the word matched only as a typo or not at all. */
  correction?: string;
  /** For a word widened by its meaning (plan-query.ts): its terms before, the literal ones. */
  literal?: ReadonlyMap<number, number>;
}

/** A swap of two neighbouring letters and nothing else (the only typo allowed in 4-letter words). */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

function keepMax(terms: Map<number, number>, term: number, weight: number): void {
  if ((terms.get(term) ?? 0) < weight) terms.set(term, weight);
}

/** Plans the matching of one query word; `last` words are also matched as a prefix (still being typed). */
export function expandWord(vocab: Vocabulary, word: string, last: boolean): WordPlan {
  const terms = new Map<number, number>();
  const exact = vocab.ids.get(word);
  if (exact !== undefined) terms.set(exact, 1);
  const stem = stemWord(word);
  for (const t of vocab.byStem.get(stem) ?? []) keepMax(terms, t, MATCH_WEIGHTS.stem);
  for (const other of vocab.synonyms.get(stem) ?? []) for (const t of vocab.byStem.get(other) ?? []) keepMax(terms, t, MATCH_WEIGHTS.synonym);
  const whole = terms.size > 0;
  if (last) {
    for (const t of vocab.listPrefixed(word, MAX_PREFIX_TERMS)) {
      keepMax(terms, t, weighPrefix(word.length, vocab.terms[t]!.length - word.length));
    }
  }
  const splits: [number, number][] = [];
  for (let cut = 2; word.length >= 5 && cut <= word.length - 2 && splits.length < 2; cut++) {
    const a = vocab.ids.get(word.slice(0, cut));
    const b = vocab.ids.get(word.slice(cut));
    if (a !== undefined && b !== undefined) splits.push([a, b]);
  }
  const direct = terms.size > 0 || splits.length > 0;

  // A word the index has (as typed or as a word form) is taken as meant, as Typesense does by
  // default: typo candidates would only add noise (lunch for launch) and cost. So is a word
  // WordNet relates to the catalog's (at build): costs means price, not posts one letter away;
  // the catalog words it means match it, below every direct match. A word matched otherwise
  // (parcel, a prefix of a brand) is widened by them where plan-query.ts says; a whole catalog
  // word is not looked up here (the cold path).
  const related = whole ? [] : vocab.listRelated(word);
  const meaningOnly = !direct && related.length > 0;
  if (meaningOnly) for (const [t, weight] of related) terms.set(t, weight);
  const known = exact !== undefined || vocab.byStem.has(stem) || related.length > 0;
  const edits = known ? 0 : allowedEdits(word);
  // No edits allowed finds nothing: the typos' index is not asked (it may not be made yet).
  const typos = (edits > 0 ? vocab.typos.find(word, edits) : []).filter((m) => word.length > 4 || isSwap(word, vocab.terms[m.term]!));
  for (const m of typos) {
    const weight = weighTypo(word.length, m.edits);
    keepMax(terms, m.term, weight);
    // the word meant also stands for its forms (lanuch → launch, launches)
    for (const t of vocab.byStem.get(stemWord(vocab.terms[m.term]!)) ?? []) keepMax(terms, t, weight * MATCH_WEIGHTS.stem);
  }
  // "Did you mean" names only a word matching would accept as a typo: near what was typed (one
  // edit from 5 letters, two from 8, a swap at 4), never one sharing little with it (cheap →
  // help), nor a word with a meaning of its own (party → parts).
  if (direct || !typos.length || /\d/.test(word)) return { terms, splits, direct, whole, meaningOnly, related };
  const best = typos.reduce((b, m) => (m.edits < b.edits || (m.edits === b.edits && vocab.counts[m.term]! > vocab.counts[b.term]!) ? m : b));
  return { terms, splits, direct, whole, meaningOnly, related, correction: vocab.terms[best.term]! };
}
