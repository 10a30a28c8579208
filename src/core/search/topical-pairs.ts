import type { Template } from '../../schemas/template.ts';
import type { FilterWordsFile } from '../../schemas/filter-words.ts';
import { compileFilterWords, type QueryToken } from './filter-lexicon.ts';
import { STRONG_FIELD_BONUS } from './ranking.ts';
import { isIndexOrder, type SearchIndex } from './search-index.ts';
import { fillAll } from './postings-codec.ts';
import { stemWord } from './stem-word.ts';
import { STOP_WORDS } from './tokenize-text.ts';

// Titles and tags split as the query does (three-second → three, second), in one split: they are
// read by the thousand when a catalog loads.
const WORD_BREAK = /[\s\p{P}]+/u;

/**
 * The templates with a word of `stems` in their title or tags, by the index: position (in
 * `templates`) → those words. Only a word in the title or tags scores the strong-field bonus
 * (a superset: the texts are read next).
 */
function listCandidates(index: SearchIndex, templates: readonly Template[], stems: ReadonlySet<string>): Map<number, string[]> {
  const byDoc = new Map<number, string[]>();
  const { starts, docs, scores } = index.postings;
  index.terms.forEach((term, w) => {
    if (!stems.has(stemWord(term))) return;
    for (let i = starts[w]!; i < starts[w + 1]!; i++) {
      if (scores[i]! < STRONG_FIELD_BONUS) continue;
      const words = byDoc.get(docs[i]!);
      if (words) words.push(term);
      else byDoc.set(docs[i]!, [term]);
    }
  });
  // The index numbers templates as its ids list does: the catalog's order, as the build writes it, or another.
  if (isIndexOrder(index, templates)) return byDoc;
  const position = new Map(templates.map((t, i) => [t.id, i]));
  return new Map([...byDoc].flatMap(([doc, words]) => (position.has(index.ids[doc]!) ? [[position.get(index.ids[doc]!)!, words] as const] : [])));
}

/** A pair of neighbouring words of a title or tag, by stems ("fre ship"), and as the catalog writes it ("free shipping"). */
export type TopicalPair = readonly [key: string, shown: string];

const eligible = (a: string, b: string) => !STOP_WORDS.has(a) && !STOP_WORDS.has(b);

/**
 * When a filter word is part of what templates are about, it stays a word: the catalog decides,
 * not a list. Every two neighbouring words of a title or tag ("free shipping", "three-second hook",
 * "meme format") where one carries a constraint's meaning are kept (by stem, stop words left out).
 * Only the templates the index has with such a word in title or tags are read. The build collects
 * them once (catalog.json carries them); a catalog made in memory collects its own. A decade word
 * of a title or tag ("80s") is kept too, as itself: it then names a style, not 80 seconds.
 */
export function collectTopicalPairs(index: SearchIndex, templates: readonly Template[], filterWords: FilterWordsFile): TopicalPair[] {
  fillAll(index.postings);
  const stems = new Set([...compileFilterWords(filterWords).topicWords].filter((w) => !STOP_WORDS.has(w)).map(stemWord));
  const known = new Map<string, string>();
  const stem = (w: string) => known.get(w) ?? known.set(w, stemWord(w)).get(w)!;
  const pairs = new Map<string, string>();
  for (const [p, held] of listCandidates(index, templates, stems)) {
    const t = templates[p]!;
    for (const text of [t.title, ...(t.tags ?? [])]) {
      const lower = text.toLowerCase();
      if (!held.some((w) => lower.includes(w))) continue;
      const words = lower.split(WORD_BREAK);
      for (let i = 1; i < words.length; i++) {
        const [a, b] = [words[i - 1]!, words[i]!];
        if (!eligible(a, b) || !(stems.has(stem(a)) || stems.has(stem(b)))) continue;
        const key = `${stem(a)} ${stem(b)}`;
        if (!pairs.has(key)) pairs.set(key, `${a} ${b}`);
      }
    }
  }
  for (const decade of listDecadeWords(index)) pairs.set(decade, decade);
  return [...pairs].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
}

/** A decade written as one word of two digits ("80s"): also how a duration may be written ("20s"). */
const DECADE_WORD = /^\d0s$/;

/** The decade words ("80s") the index has in a title or tags: those the catalog uses as a style. */
function listDecadeWords(index: SearchIndex): string[] {
  const { starts, scores } = index.postings;
  return index.terms.filter((term, w) => {
    if (!DECADE_WORD.test(term)) return false;
    for (let i = starts[w]!; i < starts[w + 1]!; i++) if (scores[i]! >= STRONG_FIELD_BONUS) return true;
    return false;
  });
}

/** Looks a query's constraints up in the catalog's pairs: one that forms a pair with a word beside it, or inside itself, is topical. */
export function createTopicalPairs(list: readonly TopicalPair[]) {
  const pairs = new Map(list);
  /** The catalog's pair made by tokens i - 1 and i, if any. */
  const pairAt = (tokens: readonly QueryToken[], i: number): string | undefined => {
    if (i < 1 || i >= tokens.length) return undefined;
    const [a, b] = [tokens[i - 1]!.word, tokens[i]!.word];
    return eligible(a, b) ? pairs.get(`${stemWord(a)} ${stemWord(b)}`) : undefined;
  };
  return {
    /** True when the catalog's titles or tags have `word` as a word of its own (a decade: "80s"). */
    hasWord: (word: string): boolean => pairs.has(word),
    /** The catalog pair that tokens [first, end) make with a neighbour or among themselves, as the catalog writes it. */
    find(tokens: readonly QueryToken[], first: number, end: number): string | undefined {
      for (let i = first; i <= end; i++) {
        const pair = pairAt(tokens, i);
        if (pair) return pair;
      }
      return undefined;
    },
  };
}
