import type { LexicalDatabase } from './lexical-database.ts';
import type { Meaning, Meanings } from './synset-meanings.ts';
import { listWordSenses } from './word-senses.ts';

/** How much two meanings share (the sum of their common synsets' products). */
function overlap(a: Meaning, dense: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.ids.length; i++) sum += a.weights[i]! * dense[a.ids[i]!]!;
  return sum;
}

/** How much the best sense of a part of speech counts when another part's best shares more. */
const OTHER_PART_WEIGHT = 0.7;

/**
 * The senses of a catalog word meant in this catalog (a simplified Lesk): per part of speech, the
 * one whose signature shares most with the words beside it in its templates (those tied with it
 * too), the best part's at 1 and the others' at OTHER_PART_WEIGHT (judged meaning set 0.932 →
 * 0.955; "hilarious" and "comic" reach "funny"); every sense, commoner ones weighing more, when
 * none shares any. Keeping a part's runners-up (those within half of its best) let their paths
 * in: launch "set up or found" related charity (a foundation) to launch, and "band tour" missed
 * the festival (judged meaning set 0.841 → 0.864; index 1.5 → 1.1 MB).
 */
export function chooseSenses(db: LexicalDatabase, m: Meanings, context: readonly string[], word: string): [string, number][] {
  const senses = listWordSenses(db, word);
  if (senses.length <= 1) return senses;
  const dense = m.context;
  const touched: number[] = [];
  for (const word of context) {
    const meaning = m.describeContextWord(word);
    for (let i = 0; i < meaning.ids.length; i++) {
      const id = meaning.ids[i]!;
      if (dense[id] === 0) touched.push(id);
      dense[id] = Math.max(dense[id]!, meaning.weights[i]!);
    }
  }
  const scores = senses.map(([key, weight]) => overlap(m.signature(key), dense) * (0.5 + weight / 2));
  for (const id of touched) dense[id] = 0;
  const best = Math.max(...scores);
  if (best <= 0) return senses;
  // The best sense of each part of speech: a tag or title word does not say whether it is a
  // noun or an adjective ("funny" beside "punch" is a joke, but people search for funny videos).
  const bestOfPart = new Map<string, number>();
  senses.forEach(([key], i) => bestOfPart.set(key[0]!, Math.max(bestOfPart.get(key[0]!) ?? 0, scores[i]!)));
  return senses.flatMap(([key], i): [string, number][] => {
    const partBest = bestOfPart.get(key[0]!)!;
    if (partBest <= 0 || scores[i] !== partBest) return [];
    return [[key, scores[i] === best ? 1 : OTHER_PART_WEIGHT]];
  });
}
