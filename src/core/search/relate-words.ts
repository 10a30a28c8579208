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

/** How much the link from a sense to the first sense of a word of its own definition carries (band → music). */
const QUERY_GLOSS_WEIGHT = 0.25;

/**
 * Every link reversed, by synset number: the synsets linking to synset n are `from[start[n]]`
 * to `from[start[n + 1] - 1]`, in database order, each with its link's weight and whether it is
 * a hypernym link. Numbers in typed arrays rather than a map of [symbol, key] pairs: with the
 * definitions' words they are ~870,000 links, and the pairs cost every build that relates words
 * ~0.8 s more CPU (3.3 → 2.5 s to relate two words after the read), much of it garbage collection.
 */
interface BackLinks {
  start: Int32Array;
  from: Int32Array;
  weight: Float64Array;
  hypernym: Uint8Array;
}

/** The links to every synset (definitions' words included: a link to each word's first sense). */
function reverseLinks(db: LexicalDatabase, number: Map<string, number>, firstSense: (w: string) => string | undefined): BackLinks {
  const to: number[] = [];
  const from: number[] = [];
  const weight: number[] = [];
  const hypernym: number[] = [];
  // Each definition word's first sense by number (-1: none); a sense a definition links to
  // twice is linked once (the walk keeps the strongest path, so a second one changes nothing).
  const senseOf = new Map<string, number>();
  const linked = new Int32Array(number.size).fill(-1);
  let source = 0;
  for (const synset of db.synsets.values()) {
    for (const [symbol, target] of synset.links) {
      const link = LINK_WEIGHTS[symbol];
      const n = link ? number.get(target) : undefined;
      if (n === undefined) continue;
      to.push(n), from.push(source), weight.push(link!), hypernym.push(symbol[0] === '@' ? 1 : 0);
    }
    for (const word of readDefinition(synset.gloss)) {
      let n = senseOf.get(word);
      if (n === undefined) senseOf.set(word, (n = number.get(firstSense(word) ?? '') ?? -1));
      if (n < 0 || n === source || linked[n] === source) continue;
      linked[n] = source;
      to.push(n), from.push(source), weight.push(QUERY_GLOSS_WEIGHT), hypernym.push(0);
    }
    source++;
  }
  // Grouped by target (a counting sort, stable: each target's links stay in database order).
  const start = new Int32Array(number.size + 1);
  for (const n of to) start[n + 1]!++;
  for (let n = 0; n < number.size; n++) start[n + 1]! += start[n]!;
  const at = start.slice(0, number.size);
  const back: BackLinks = { start, from: new Int32Array(to.length), weight: new Float64Array(to.length), hypernym: new Uint8Array(to.length) };
  for (let i = 0; i < to.length; i++) {
    const j = at[to[i]!]!++;
    back.from[j] = from[i]!;
    back.weight[j] = weight[i]!;
    back.hypernym[j] = hypernym[i]!;
  }
  return back;
}

const walks = new WeakMap<LexicalDatabase, { m: Meanings; number: Map<string, number>; back: BackLinks; words: { word: string; senses: [number, number][] }[] }>();

/** What relating reads of a database whatever the catalog (signatures, reversed links), made once per database. */
function readWalks(db: LexicalDatabase) {
  let known = walks.get(db);
  if (!known) {
    const m = createMeanings(db);
    const number = new Map<string, number>();
    for (const key of db.synsets.keys()) number.set(key, number.size);
    // The words a query may hold: single-word lemmas, and two-word ones written as one (heat wave → heatwave).
    const words: { word: string; senses: [number, number][] }[] = [];
    for (const lemma of db.senses.keys()) {
      const parts = lemma.split(' ');
      const word = parts.length === 1 ? lemma : parts.length === 2 ? parts.join('') : '';
      if (WORD.test(word) && word.length >= 3 && !STOP_WORDS.has(word)) words.push({ word, senses: listSenses(db, lemma).map(([key, weight]) => [number.get(key) ?? -1, weight]) });
    }
    walks.set(db, (known = { m, number, back: reverseLinks(db, number, m.firstSenseKey), words }));
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
  const df = new Map<number, number>();
  for (const meaning of meanings) for (const id of meaning.ids) df.set(id, (df.get(id) ?? 0) + 1);
  const top = Math.log(1 + targets.length);
  // Synset number → target → closeness, reached backwards from each target's synsets.
  const reached = new Map<number, Map<number, number>>();
  const reach = (n: number, t: number, w: number) => {
    let row = reached.get(n);
    if (!row) reached.set(n, (row = new Map()));
    if (w > (row.get(t) ?? 0)) row.set(t, w);
  };
  const { start, from, weight, hypernym } = back;
  meanings.forEach((meaning, t) => {
    for (let i = 0; i < meaning.ids.length; i++) {
      const id = meaning.ids[i]!;
      const v = (meaning.weights[i]! * Math.log(1 + targets.length / df.get(id)!)) / top;
      reach(id, t, v);
      for (let j = start[id]!; j < start[id + 1]!; j++) {
        const link = weight[j]!;
        reach(from[j]!, t, link * v);
        if (hypernym[j]) for (let k = start[from[j]!]!; k < start[from[j]! + 1]!; k++) if (hypernym[k]) reach(from[k]!, t, link * link * v);
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
