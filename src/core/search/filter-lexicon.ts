import type { FilterWordsFile } from '../../schemas/filter-words.ts';
import { formatSchema, type Format, type Tier } from '../../schemas/template.ts';
import type { SortOrder } from '../../schemas/sort-order.ts';

/** A word of a query with where it stands in the (normalized) text. */
export interface QueryToken {
  word: string;
  start: number;
  end: number;
}

// A ratio (9:16, 9x16, 9 / 16) is one token; a number is one (decimals included) and splits from
// a word it touches (20s → 20, s); "$" is a token of its own; the rest splits on spaces and
// punctuation as the search does (splitQueryWords).
const TOKEN = /(\d{1,2})\s*[:x×/]\s*(\d{1,2})(?!\d)|\d+(?:\.\d+)?|[$€£]|[^\s\p{P}$€£\d][^\s\p{P}$€£]*/gu;
const NUMBER = /^\d+(?:\.\d+)?$/;

/** The tokens of a lower-case text. */
export function tokenizeQuery(text: string): QueryToken[] {
  const tokens: QueryToken[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    tokens.push({ word: m[1] ? `${m[1]}:${m[2]}` : m[0], start, end: start + m[0].length });
  }
  return tokens;
}

/** True when a token starts with a digit (a number or a ratio). */
export const startsWithDigit = (word: string): boolean => word.charCodeAt(0) >= 48 && word.charCodeAt(0) <= 57;

/** The value of a digits token, or undefined. */
export const readDigits = (word: string): number | undefined => (startsWithDigit(word) && NUMBER.test(word) ? Number(word) : undefined);

/** Phrases by their first word, longest first, each with what it means. */
export class PhraseTable<M> {
  readonly #byFirst = new Map<string, { words: string[]; meaning: M }[]>();

  constructor(entries: Iterable<readonly [string, M]>) {
    for (const [phrase, meaning] of entries) {
      const words = tokenizeQuery(phrase).map((t) => t.word);
      if (!words.length) continue;
      const list = this.#byFirst.get(words[0]!) ?? [];
      list.push({ words, meaning });
      list.sort((a, b) => b.words.length - a.words.length);
      this.#byFirst.set(words[0]!, list);
    }
  }

  /** The longest phrase starting at token `at`: its meaning and the index after it. */
  match(tokens: readonly QueryToken[], at: number): { meaning: M; end: number } | undefined {
    const list = at < tokens.length ? this.#byFirst.get(tokens[at]!.word) : undefined;
    if (!list) return undefined;
    for (const { words, meaning } of list) if (words.every((w, k) => tokens[at + k]?.word === w)) return { meaning, end: at + words.length };
    return undefined;
  }

  /** The first word of every phrase. */
  listFirstWords(): Iterable<string> {
    return this.#byFirst.keys();
  }

  /** Every word of every phrase. */
  *listWords(): Iterable<string> {
    for (const list of this.#byFirst.values()) for (const { words } of list) yield* words;
  }
}

type Fixed = { tier: Tier } | { format: Format };
const mark = (words: readonly string[]) => new PhraseTable(words.map((w) => [w, true] as const));
const byKey = <K extends string>(record: Partial<Record<K, readonly string[]>>) =>
  Object.entries(record).flatMap(([key, words]) => (words as readonly string[]).map((w) => [w, key as K] as const));

/** A filter-words file compiled for reading queries. */
export function compileFilterWords(file: FilterWordsFile) {
  const lexicon = {
    fixed: new PhraseTable<Fixed>([
      ...byKey(file.tier).map(([w, tier]) => [w, { tier }] as const),
      ...byKey(file.format).map(([w, format]) => [w, { format }] as const),
      // A ratio names its format in any writing (9:16, 9x16, 9 / 16: one token, see tokenizeQuery).
      ...formatSchema.options.map((format) => [format, { format }] as const),
    ]),
    formatAfter: mark(file.formatAfter),
    units: new PhraseTable(byKey(file.durationUnits).map(([w, seconds]) => [w, Number(seconds)] as const)),
    durationAfter: mark(file.durationAfter),
    currency: mark(file.currency),
    switches: new PhraseTable(byKey(file.switches)),
    counts: new PhraseTable(byKey(file.counts)),
    with: mark(file.with),
    without: mark(file.without),
    atMost: mark(file.atMost),
    below: mark(file.below),
    atLeast: mark(file.atLeast),
    above: mark(file.above),
    between: mark(file.between),
    to: mark(file.to),
    atMostAfter: mark(file.atMostAfter),
    atLeastAfter: mark(file.atLeastAfter),
    articles: mark(file.articles),
    numbers: new PhraseTable(Object.entries(file.numbers)),
    /** Words asking for an order ("cheap" → price) and words naming a fact no template records ("square"). */
    sortWords: new PhraseTable(byKey<SortOrder>(file.sort ?? {})),
    unrecorded: mark(file.unrecorded ?? []),
    /** How a format is named in words: its first filter word ("vertical"), else the ratio. */
    formatNames: new Map(byKey(file.format).reverse().map(([w, format]) => [format, w])),
  };
  // Words that carry a constraint's meaning (not its grammar: "under", "with", "to", "a"): when
  // the catalog's titles and tags use one beside another word, the pair is about something.
  const { fixed, formatAfter, units, durationAfter, currency, switches, counts, numbers } = lexicon;
  const topicWords = new Set<string>();
  for (const table of [fixed, formatAfter, units, durationAfter, currency, switches, counts, numbers]) for (const w of table.listWords()) topicWords.add(w);
  // A constraint starts with one of these words (or a number): every other word is skipped at once.
  const starters = new Set<string>();
  for (const table of [fixed, currency, numbers, lexicon.with, lexicon.without, lexicon.atMost, lexicon.below, lexicon.atLeast, lexicon.above, lexicon.between]) for (const w of table.listFirstWords()) starters.add(w);
  // Most queries hold no constraint: one test of the text spares tokenizing them.
  const asides = [...lexicon.sortWords.listFirstWords(), ...lexicon.unrecorded.listFirstWords()];
  const words = [...starters, ...asides].filter((w) => !/^[\d$€£]/.test(w)).sort((a, b) => b.length - a.length);
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const mayHold = new RegExp(`[\\d$€£]|(?<![\\p{L}\\p{N}])(?:${escaped.join('|') || '(?!)'})(?![\\p{L}\\p{N}])`, 'u');
  const bounds = { before: [[lexicon.atMost, 'max'], [lexicon.below, 'below'], [lexicon.atLeast, 'min'], [lexicon.above, 'above'], [lexicon.between, 'range']], after: [[lexicon.atMostAfter, 'max'], [lexicon.atLeastAfter, 'min']], said: [[lexicon.with, true], [lexicon.without, false]] } as const;
  return { ...lexicon, topicWords, starters, bounds, mayHold };
}
export type FilterLexicon = ReturnType<typeof compileFilterWords>;
