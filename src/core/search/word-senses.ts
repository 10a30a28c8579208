import { listWordForms } from './base-forms.ts';
import type { LexicalDatabase } from './lexical-database.ts';
import { STOP_WORDS } from './tokenize-text.ts';

/** Senses read per lemma and part of speech: the rarer ones mostly mislead. */
const SENSES_READ = 4;
/** A rarer sense counts less: 1 / (1 + this × its rank). */
const SENSE_DECAY = 0.5;
/** How much a sense counts by its part of speech: a search names things more than it does things. */
const PART_WEIGHTS: Record<string, number> = { n: 1, a: 0.8, v: 0.6, r: 0.5 };

/**
 * The senses of the lemmas a word may be a form of, of the parts of speech it inflects as
 * (WordNet's files hold base forms only): launches → launch, warmest → the adjective warm.
 */
export function listWordSenses(db: LexicalDatabase, word: string): [string, number][] {
  if (db.senses.has(word)) return listSenses(db, word);
  const senses = new Map<string, number>();
  for (const { form, parts } of listWordForms(word).slice(1)) {
    for (const [key, weight] of listSenses(db, form)) if (parts.includes(key[0]!) && !senses.has(key)) senses.set(key, weight);
  }
  return [...senses];
}

/** The content words of a gloss's definition (its examples, after ";", left out). */
export function readDefinition(gloss: string): string[] {
  return gloss.split(';')[0]!.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
}

/** The senses read of a lemma, commoner first, each with its weight (1, 2/3, 1/2… per part of speech). */
export function listSenses(db: LexicalDatabase, lemma: string): [string, number][] {
  const ranks = new Map<string, number>();
  const out: [string, number][] = [];
  for (const key of db.senses.get(lemma) ?? []) {
    const rank = ranks.get(key[0]!) ?? 0;
    ranks.set(key[0]!, rank + 1);
    if (rank < SENSES_READ) out.push([key, (PART_WEIGHTS[key[0]!] ?? 1) / (1 + SENSE_DECAY * rank)]);
  }
  return out;
}
