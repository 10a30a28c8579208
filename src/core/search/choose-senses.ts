import type { LexicalDatabase } from './lexical-database.ts';
import type { Meaning, Meanings } from './synset-meanings.ts';
import { listWordSenses } from './word-senses.ts';

/** How much two meanings share (the sum of their common synsets' products). */
function overlap(a: Meaning, dense: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.ids.length; i++) sum += a.weights[i]! * dense[a.ids[i]!]!;
  return sum;
}

/**
 * The sense of a catalog word meant in this catalog (a simplified Lesk): the one whose signature
 * shares most with the words beside it in its templates (those tied with it too); every sense,
 * commoner ones weighing more, when none shares any. Keeping the runners-up (those within half
 * of the best) let their paths in: launch "set up or found" related charity (a foundation) to
 * launch, and "band tour" missed the festival (judged meaning set 0.841 → 0.864; index 1.5 →
 * 1.1 MB).
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
  return best > 0 ? senses.filter((_, i) => scores[i]! === best).map(([key]) => [key, 1]) : senses;
}
