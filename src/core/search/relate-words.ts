import { chooseSenses } from './choose-senses.ts';
import type { LexicalDatabase } from './lexical-database.ts';
import { RELATED } from './ranking.ts';
import { stemWord } from './stem-word.ts';
import { createMeanings, LINK_WEIGHTS, type Meanings } from './synset-meanings.ts';
import { STOP_WORDS } from './tokenize-text.ts';
import { listSenses, readDefinition } from './word-senses.ts';

/**
 * Everyday words → the catalog's words they mean, each with how close (0–1), closest first. Filed
 * by WordNet lemma (a two-word one written as one: heatwave), not by stem: a query word finds its
 * own lemma (findByBaseForm), and "concert" is not "concerted".
 */
export type RelatedWords = Map<string, [term: string, closeness: number][]>;

/**
 * Where a publish keeps what relating found, for the next publish of the same code: relating
 * takes seconds to tens of seconds, and an edit seldom changes the words it relates to.
 */
export interface RelatedWordsStore {
  /** What was found for these targets (their digest), or undefined. */
  read(targets: string): RelatedWords | undefined;
  write(targets: string, related: RelatedWords): void;
}

/** A catalog word to relate words to, with the words it stands beside in titles and tags (to tell its senses apart). */
export interface RelateTarget {
  word: string;
  context: readonly string[];
}

const WORD = /^[a-z]+$/;

/** The link from a sense to the first sense of a word of its own definition (band → music). */
const GLOSS_LINK = 'gloss';
const QUERY_GLOSS_WEIGHT = 0.25;

/** Every link reversed: synset → the synsets linking to it, with the link's symbol (definitions' words included). */
function reverseLinks(db: LexicalDatabase, firstSense: (w: string) => string | undefined): Map<string, [string, string][]> {
  const back = new Map<string, [string, string][]>();
  const add = (target: string, symbol: string, key: string) => {
    const list = back.get(target);
    if (list) list.push([symbol, key]);
    else back.set(target, [[symbol, key]]);
  };
  for (const [key, synset] of db.synsets) {
    for (const [symbol, target] of synset.links) if (LINK_WEIGHTS[symbol]) add(target, symbol, key);
    for (const word of new Set(readDefinition(synset.gloss))) {
      const sense = firstSense(word);
      if (sense && sense !== key) add(sense, GLOSS_LINK, key);
    }
  }
  return back;
}

const walks = new WeakMap<LexicalDatabase, { m: Meanings; back: ReturnType<typeof reverseLinks>; words: { word: string; senses: [string, number][] }[] }>();

/** What relating reads of a database whatever the catalog (signatures, reversed links), made once per database. */
function readWalks(db: LexicalDatabase) {
  let known = walks.get(db);
  if (!known) {
    const m = createMeanings(db);
    // The words a query may hold: single-word lemmas, and two-word ones written as one (heat wave → heatwave).
    const words: { word: string; senses: [string, number][] }[] = [];
    for (const lemma of db.senses.keys()) {
      const parts = lemma.split(' ');
      const word = parts.length === 1 ? lemma : parts.length === 2 ? parts.join('') : '';
      if (WORD.test(word) && word.length >= 3 && !STOP_WORDS.has(word)) words.push({ word, senses: listSenses(db, lemma) });
    }
    walks.set(db, (known = { m, back: reverseLinks(db, m.firstSenseKey), words }));
  }
  return known;
}

/**
 * Relates everyday words to the catalog's words through WordNet (build time): a word's senses
 * are walked out through their links (hypernyms two levels up, derivations, similar words,
 * domains, parts); a catalog word met on the way (in the senses its catalog context picks, with
 * its definition's words) is related, as close as the strongest path, a synset many targets
 * share counting less. The walk runs backwards from the targets, so only their neighbourhood is
 * read. Every single-word lemma (and two-word lemma written as one: heat wave → heatwave) whose
 * stem is not a target's keeps its closest few (RELATED in ranking.ts), under its own spelling.
 */
export function relateWords(db: LexicalDatabase, targets: readonly RelateTarget[]): RelatedWords {
  const { m, back, words } = readWalks(db);
  const meanings = targets.map((t) => {
    for (const [key, weight] of chooseSenses(db, m, t.context, t.word)) m.describeSense(key, weight);
    return m.take();
  });
  const keys = [...db.synsets.keys()];
  const df = new Map<number, number>();
  for (const meaning of meanings) for (const id of meaning.ids) df.set(id, (df.get(id) ?? 0) + 1);
  const top = Math.log(1 + targets.length);
  // Synset → target → closeness, reached backwards from each target's synsets.
  const reached = new Map<string, Map<number, number>>();
  const reach = (key: string, t: number, w: number) => {
    let row = reached.get(key);
    if (!row) reached.set(key, (row = new Map()));
    if (w > (row.get(t) ?? 0)) row.set(t, w);
  };
  meanings.forEach((meaning, t) => {
    for (let i = 0; i < meaning.ids.length; i++) {
      const key = keys[meaning.ids[i]!]!;
      const v = (meaning.weights[i]! * Math.log(1 + targets.length / df.get(meaning.ids[i]!)!)) / top;
      reach(key, t, v);
      for (const [symbol, from] of back.get(key) ?? []) {
        const link = LINK_WEIGHTS[symbol] ?? QUERY_GLOSS_WEIGHT;
        reach(from, t, link * v);
        if (symbol[0] === '@') for (const [up, below] of back.get(from) ?? []) if (up[0] === '@') reach(below, t, link * link * v);
      }
    }
  });
  const own = new Set(targets.map((t) => stemWord(t.word)));

  const related: RelatedWords = new Map();
  for (const { word, senses } of words) {
    if (own.has(stemWord(word))) continue;
    const scores = new Map<number, number>();
    for (const [key, weight] of senses) for (const [t, v] of reached.get(key) ?? []) scores.set(t, Math.max(scores.get(t) ?? 0, v * weight));
    if (!scores.size) continue;
    const best = Math.max(...scores.values());
    const found = [...scores].filter(([, v]) => v >= RELATED.minCloseness && v >= best * RELATED.ofBest);
    if (!found.length) continue;
    found.sort((a, b) => b[1] - a[1] || (targets[a[0]]!.word < targets[b[0]]!.word ? -1 : 1));
    const closest = found.slice(0, RELATED.keep).map(([t, v]) => [targets[t]!.word, Math.round(v * 100) / 100] as [string, number]);
    const had = related.get(word);
    if (!had || had[0]![1] < closest[0]![1]) related.set(word, closest);
  }
  return related;
}
