import type { LexicalDatabase } from './lexical-database.ts';
import { listWordSenses, readDefinition } from './word-senses.ts';

/** Weighted synsets, by synset number: what a word or a sense means. */
export type Meaning = { ids: Int32Array; weights: Float64Array };

/** How much each WordNet link carries a sense's meaning to the synset it points at. */
export const LINK_WEIGHTS: Record<string, number> = {
  '@': 0.6, '@i': 0.6, // hypernym: jogging → exercise, workout
  '+': 0.6, '&': 0.6, '\\': 0.6, '=': 0.6, '^': 0.5, // derivation, similar, pertainym, attribute, see also
  ';c': 0.5, '-c': 0.4, // topic domain and its members
  '#m': 0.4, '#p': 0.4, '#s': 0.4, '%m': 0.4, '%p': 0.4, '%s': 0.4, // holonyms and meronyms
};
/** Links a catalog word's sense is met through besides itself: its derivations and similar words (not its hyponyms: dresser is an assistant). */
const TARGET_LINKS: Record<string, number> = { '+': 0.8, '&': 0.8, '\\': 0.8, '=': 0.8 };
const GLOSS_WEIGHT = 0.3;

/** The meanings of WordNet's words and senses, gathered in dense sums over a numbering of its synsets. */
export type Meanings = ReturnType<typeof createMeanings>;

/** Synset numbering and the dense sums a meaning is gathered in. */
export function createMeanings(db: LexicalDatabase) {
  const number = new Map<string, number>();
  for (const key of db.synsets.keys()) number.set(key, number.size);
  const sums = new Float64Array(number.size);
  const touched: number[] = [];
  const add = (id: number | undefined, w: number) => {
    if (id === undefined) return;
    if (sums[id] === 0) touched.push(id);
    if (w > sums[id]!) sums[id] = w;
  };
  /** What was added since the last call, and the sums wiped. */
  const take = (): Meaning => {
    const ids = Int32Array.from(touched);
    const weights = Float64Array.from(ids, (id) => sums[id]!);
    for (const id of touched) sums[id] = 0;
    touched.length = 0;
    return { ids, weights };
  };
  const firstSenseKeys = new Map<string, string | undefined>();
  const firstSenseKey = (w: string) => {
    if (!firstSenseKeys.has(w)) firstSenseKeys.set(w, listWordSenses(db, w)[0]?.[0]);
    return firstSenseKeys.get(w);
  };
  const firstSense = (w: string) => number.get(firstSenseKey(w) ?? '');
  // The definition only: its examples mention anything ("Summer brings out bright clothes").
  const addGloss = (gloss: string, weight: number) => {
    for (const word of readDefinition(gloss)) add(firstSense(word), GLOSS_WEIGHT * weight);
  };
  const signatures = new Map<string, Meaning>();
  /** A sense walked out (an extended Lesk signature): itself, its links (hypernyms two levels up), its definition's words. */
  const signature = (key: string): Meaning => {
    const known = signatures.get(key);
    if (known) return known;
    const synset = db.synsets.get(key);
    add(number.get(key), 1);
    for (const [symbol, target] of synset?.links ?? []) {
      const link = LINK_WEIGHTS[symbol];
      if (!link) continue;
      add(number.get(target), link);
      if (symbol[0] === '@') for (const [up, above] of db.synsets.get(target)?.links ?? []) if (up[0] === '@') add(number.get(above), link * link);
    }
    addGloss(synset?.gloss ?? '', 1);
    const made = take();
    signatures.set(key, made);
    return made;
  };
  /** A word's meaning: its senses' signatures, commoner senses weighing more. */
  const describeWord = (word: string): Meaning => {
    const parts = listWordSenses(db, word).map(([key, weight]) => [signature(key), weight] as const);
    for (const [m, weight] of parts) for (let i = 0; i < m.ids.length; i++) add(m.ids[i], m.weights[i]! * weight);
    return take();
  };
  const contextWords = new Map<string, Meaning>();
  /** A word beside a catalog word, its meaning kept: the same words stand beside many. */
  const describeContextWord = (word: string): Meaning => {
    let known = contextWords.get(word);
    if (!known) contextWords.set(word, (known = describeWord(word)));
    return known;
  };
  /** A catalog word's sense as it is met: itself, its close links, its definition's words. */
  const describeSense = (key: string, weight: number) => {
    const synset = db.synsets.get(key);
    add(number.get(key), weight);
    for (const [symbol, target] of synset?.links ?? []) if (TARGET_LINKS[symbol]) add(number.get(target), TARGET_LINKS[symbol]! * weight);
    addGloss(synset?.gloss ?? '', weight);
  };
  // The context a catalog word's senses are chosen in (apart from `sums`, which signatures are made in).
  const context = new Float64Array(number.size);
  return { context, signature, describeWord, describeContextWord, describeSense, take, firstSenseKey, size: number.size };
}
