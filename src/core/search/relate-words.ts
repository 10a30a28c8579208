import type { LexicalDatabase } from './lexical-database.ts';
import { RELATED } from './ranking.ts';
import { stemWord } from './stem-word.ts';
import { STOP_WORDS } from './tokenize-text.ts';

/** Everyday words (by stem) → the catalog's words they mean, each with how close (0–1), closest first. */
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

/** Weighted synsets, by synset number: what a word or a sense means. */
type Meaning = { ids: Int32Array; weights: Float64Array };

// How much each WordNet link carries a sense's meaning to the synset it points at.
const LINK_WEIGHTS: Record<string, number> = {
  '@': 0.6, '@i': 0.6, // hypernym: jogging → exercise, workout
  '+': 0.6, '&': 0.6, '\\': 0.6, '=': 0.6, '^': 0.5, // derivation, similar, pertainym, attribute, see also
  ';c': 0.5, '-c': 0.4, // topic domain and its members
  '#m': 0.4, '#p': 0.4, '#s': 0.4, '%m': 0.4, '%p': 0.4, '%s': 0.4, // holonyms and meronyms
};
/** Links a catalog word's sense is met through besides itself: its derivations and similar words (not its hyponyms: dresser is an assistant). */
const TARGET_LINKS: Record<string, number> = { '+': 0.8, '&': 0.8, '\\': 0.8, '=': 0.8 };
const GLOSS_WEIGHT = 0.3;
const SENSES_READ = 4;
/** A rarer sense counts less: 1 / (1 + this × its rank). */
const SENSE_DECAY = 0.5;
const WORD = /^[a-z]+$/;

/** The lemmas a word may be a form of (WordNet's files hold base forms only): launches → launch, warmest → warm. */
function listLemmas(db: LexicalDatabase, word: string): string[] {
  if (db.senses.has(word)) return [word];
  const forms: string[] = [];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  for (const end of ['ing', 'ed', 'est', 'er']) if (word.endsWith(end) && word.length > end.length + 2) forms.push(word.slice(0, -end.length), `${word.slice(0, -end.length)}e`);
  return forms.filter((f) => db.senses.has(f));
}

/** How much a sense counts by its part of speech: a search names things more than it does things. */
const PART_WEIGHTS: Record<string, number> = { n: 1, a: 0.8, v: 0.6, r: 0.5 };

/** The content words of a gloss's definition (its examples, after ";", left out). */
function readDefinition(gloss: string): string[] {
  return gloss.split(';')[0]!.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
}

/** The senses read of a lemma, commoner first, each with its weight (1, 2/3, 1/2… per part of speech). */
function listSenses(db: LexicalDatabase, lemma: string): [string, number][] {
  const ranks = new Map<string, number>();
  const out: [string, number][] = [];
  for (const key of db.senses.get(lemma) ?? []) {
    const rank = ranks.get(key[0]!) ?? 0;
    ranks.set(key[0]!, rank + 1);
    if (rank < SENSES_READ) out.push([key, (PART_WEIGHTS[key[0]!] ?? 1) / (1 + SENSE_DECAY * rank)]);
  }
  return out;
}

/** Synset numbering and the dense sums a meaning is gathered in. */
function createMeanings(db: LexicalDatabase) {
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
    if (!firstSenseKeys.has(w)) firstSenseKeys.set(w, db.senses.get(listLemmas(db, w)[0] ?? '')?.[0]);
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
  const describeWord = (lemmas: readonly string[]): Meaning => {
    const parts = lemmas.flatMap((l) => listSenses(db, l)).map(([key, weight]) => [signature(key), weight] as const);
    for (const [m, weight] of parts) for (let i = 0; i < m.ids.length; i++) add(m.ids[i], m.weights[i]! * weight);
    return take();
  };
  const contextWords = new Map<string, Meaning>();
  /** A word beside a catalog word, its meaning kept: the same words stand beside many. */
  const describeContextWord = (word: string): Meaning => {
    let known = contextWords.get(word);
    if (!known) contextWords.set(word, (known = describeWord(listLemmas(db, word))));
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

/** How much two meanings share (the sum of their common synsets' products). */
function overlap(a: Meaning, dense: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.ids.length; i++) sum += a.weights[i]! * dense[a.ids[i]!]!;
  return sum;
}

/**
 * The senses of a catalog word meant in this catalog (a simplified Lesk): those whose signature
 * shares most with the words beside it in its templates; every sense, commoner ones weighing
 * more, when none shares any.
 */
function chooseSenses(db: LexicalDatabase, m: ReturnType<typeof createMeanings>, target: RelateTarget, lemmas: readonly string[]): [string, number][] {
  const senses = lemmas.flatMap((l) => listSenses(db, l));
  if (senses.length <= 1) return senses;
  const dense = m.context;
  const touched: number[] = [];
  for (const word of target.context) {
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
  return best > 0 ? senses.filter((_, i) => scores[i]! >= best / 2).map(([key]) => [key, 1]) : senses;
}

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

const walks = new WeakMap<LexicalDatabase, { m: ReturnType<typeof createMeanings>; back: ReturnType<typeof reverseLinks>; words: { stem: string; senses: [string, number][] }[] }>();

/** What relating reads of a database whatever the catalog (signatures, reversed links), made once per database. */
function readWalks(db: LexicalDatabase) {
  let known = walks.get(db);
  if (!known) {
    const m = createMeanings(db);
    // The words a query may hold: single-word lemmas, and two-word ones written as one (heat wave → heatwave).
    const words: { stem: string; senses: [string, number][] }[] = [];
    for (const lemma of db.senses.keys()) {
      const parts = lemma.split(' ');
      const word = parts.length === 1 ? lemma : parts.length === 2 ? parts.join('') : '';
      if (WORD.test(word) && word.length >= 3 && !STOP_WORDS.has(word)) words.push({ stem: stemWord(word), senses: listSenses(db, lemma) });
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
 * stem is not a target's keeps its closest few (RELATED in ranking.ts).
 */
export function relateWords(db: LexicalDatabase, targets: readonly RelateTarget[]): RelatedWords {
  const { m, back, words } = readWalks(db);
  const meanings = targets.map((t) => {
    for (const [key, weight] of chooseSenses(db, m, t, listLemmas(db, t.word))) m.describeSense(key, weight);
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
  for (const { stem, senses } of words) {
    if (own.has(stem)) continue;
    const scores = new Map<number, number>();
    for (const [key, weight] of senses) for (const [t, v] of reached.get(key) ?? []) scores.set(t, Math.max(scores.get(t) ?? 0, v * weight));
    if (!scores.size) continue;
    const best = Math.max(...scores.values());
    const found = [...scores].filter(([, v]) => v >= RELATED.minCloseness && v >= best * RELATED.ofBest);
    if (!found.length) continue;
    found.sort((a, b) => b[1] - a[1] || (targets[a[0]]!.word < targets[b[0]]!.word ? -1 : 1));
    const closest = found.slice(0, RELATED.keep).map(([t, v]) => [targets[t]!.word, Math.round(v * 100) / 100] as [string, number]);
    const had = related.get(stem);
    if (!had || had[0]![1] < closest[0]![1]) related.set(stem, closest);
  }
  return related;
}

/** Related words as text, one word a line: "jog\tworkout 0.36\tfitness 0.2" (sorted, so equal input gives equal bytes). */
export function writeRelatedWords(related: RelatedWords): string {
  return [...related]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([word, terms]) => [word, ...terms.map(([t, c]) => `${t} ${c}`)].join('\t'))
    .join('\n');
}

/** Related words as search reads them: by a word's stem. A Map is one; so is what readRelatedWords reads. */
export type RelatedLookup = Pick<RelatedWords, 'get' | 'size'>;

/**
 * Looks words up in what writeRelatedWords wrote without parsing it all: the lines are sorted,
 * so a lookup is a binary search over their starts (found once, on the first lookup). Parsing
 * ~50,000 lines into a Map took ~100 ms a cold start would pay.
 */
export function readRelatedWords(text: string): RelatedLookup {
  let starts: Int32Array | undefined;
  const listStarts = () => {
    const found = [0];
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) found.push(at + 1);
    return Int32Array.from(found);
  };
  const keyAt = (line: number) => text.slice(starts![line]!, text.indexOf('\t', starts![line]!));
  const size = text ? (starts ??= listStarts()).length : 0;
  return {
    size,
    get(stem: string) {
      if (!size) return undefined;
      starts ??= listStarts();
      let [lo, hi] = [0, starts.length - 1];
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const key = keyAt(mid);
        if (key === stem) {
          const end = mid + 1 < starts.length ? starts[mid + 1]! - 1 : text.length;
          return text.slice(starts[mid]!, end).split('\t').slice(1).map((t) => {
            const space = t.lastIndexOf(' ');
            return [t.slice(0, space), Number(t.slice(space + 1))] as [string, number];
          });
        }
        if (key < stem) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    },
  };
}
