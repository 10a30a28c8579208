import type { FilterWordsFile } from '../../schemas/filter-words.ts';
import type { QueryFilters } from '../../schemas/responses.ts';
import type { Format, Tier } from '../../schemas/template.ts';
import { compileFilterWords, tokenizeQuery, type QueryToken } from './filter-lexicon.ts';
import { findConstraints, type FoundConstraint } from './find-constraints.ts';
import { labelFilters } from './label-filters.ts';
import { mergeFilters } from './match-filters.ts';
import { normalizeQuery } from './search-options.ts';
import type { SortOrder } from '../../schemas/sort-order.ts';
import { createTopicalPairs, type TopicalPair } from './topical-pairs.ts';

/** Filters given as parameters beside the query: they win over the same filter in words. */
export interface GivenFilters {
  tier?: Tier | undefined;
  format?: Format | undefined;
}

/** A constraint as read: applied, overridden (by a parameter or an earlier word) or kept as words (topical). */
export interface ReadConstraint {
  key: FoundConstraint['key'];
  filters: QueryFilters;
  /** The words read, as in the normalized query, and where they stand in it: text = query.slice(start, end). */
  text: string;
  start: number;
  end: number;
  label: string;
  use: 'applied' | 'overridden' | 'topical';
  note?: string;
  /** For an applied constraint: the query without it. */
  queryWithout?: string;
}

/** What a query's words say beside its words to match. */
export interface QueryReading {
  constraints: ReadConstraint[];
  /** The applied constraints' filters, all at once. */
  filters: QueryFilters;
  /** The applied filters in words, e.g. ["free", "vertical", "under 20 s"]. */
  labels: string[];
  /** The query without the applied and overridden constraints: the words to match. */
  words: string;
  /** An order asked for in words ("cheap" → price), with the words. */
  sort?: { value: SortOrder; text: string };
  /** Words naming a format or resolution no template records ("square", "4k"): taken out of the words, named as unmatched. */
  unknown: string[];
}

/** Words beside the constraints: an order asked for, and facts no template records (each taken out of the words). */
function readAsides(lx: ReturnType<typeof compileFilterWords>, text: string, tokens: readonly QueryToken[], taken: readonly Span[]) {
  const spans: Span[] = [];
  const unknown: string[] = [];
  let sort: QueryReading['sort'];
  for (let at = 0; at < tokens.length; at++) {
    if (taken.some((s) => tokens[at]!.start >= s.from && tokens[at]!.end <= s.to)) continue;
    const order = lx.sortWords.match(tokens, at);
    const fact = order ? undefined : lx.unrecorded.match(tokens, at);
    const end = order?.end ?? fact?.end;
    if (end === undefined) continue;
    const span = spanOf(tokens, at, end);
    spans.push(span);
    const words = text.slice(span.from, span.to);
    if (order) sort ??= { value: order.meaning, text: words };
    else unknown.push(words);
    at = end - 1;
  }
  return { spans, sort, unknown };
}

/** Filters with one value: a second, different one in the same query is overridden by the first. Ranges meet instead. */
const ONE_VALUE: ReadonlySet<string> = new Set(['tier', 'format', 'editable.music', 'editable.voice']);

type Span = { from: number; to: number };
const cut = (text: string, spans: readonly Span[]) => normalizeQuery(spans.reduceRight((t, s) => `${t.slice(0, s.from)} ${t.slice(s.to)}`, text));
const spanOf = (tokens: readonly QueryToken[], first: number, end: number): Span => ({ from: tokens[first]!.start, to: tokens[end - 1]!.end });

// A decade written as one word: "'80s", "80's", "1980s" always name one; "80s" may be 80 seconds.
const DECADE = /^(?:['’]\d0s|\d0['’]s|(?:1\d|20)\d0s|(\d0s))$/;

/** A decade's apostrophe dropped ("'80s", "80's" → "80s"): the one spelling titles and tags are matched in. */
export const spellDecades = (text: string): string => text.replace(/(?<![\p{L}\p{N}])['’]?(\d0)['’]?s(?![\p{L}\p{N}])/gu, '$1s');

/** Whether the words read as a duration are a decade: 'style' when written only as one, 'maybe' for "80s". */
function readDecade(text: string, span: Span): 'style' | 'maybe' | undefined {
  const from = span.from > 0 && /['’]/.test(text[span.from - 1]!) ? span.from - 1 : span.from;
  const m = DECADE.exec(text.slice(from, span.to));
  return !m ? undefined : m[1] ? 'maybe' : 'style';
}

/**
 * The query-understanding step: reads constraints (tier, format, duration, editable parts, price)
 * out of a query's words with the catalog's filter words (`templates/_filter-words.json`), keeping
 * as words those the catalog's titles and tags use beside a neighbour (`topicalPairs`, see
 * collectTopicalPairs). Undefined when the query has no constraint words.
 */
export function createConstraintReader(file: FilterWordsFile, topicalPairs: readonly TopicalPair[]) {
  const lx = compileFilterWords(file);
  const pairs = createTopicalPairs(topicalPairs);

  /** Reads a query normalized with normalizeQuery. */
  return (text: string, given: GivenFilters = {}): QueryReading | undefined => {
    if (!lx.mayHold.test(text)) return undefined;
    const tokens = tokenizeQuery(text);
    const found = findConstraints(lx, tokens);
    const asides = readAsides(lx, text, tokens, found.map((c) => spanOf(tokens, c.first, c.end)));
    if (!found.length && !asides.spans.length) return undefined;
    const read: (ReadConstraint & Span)[] = [];
    const firstOf = new Map<string, ReadConstraint>();
    for (const c of found) {
      // A word that may follow a constraint ("format") but also starts a catalog pair after it stays a word.
      const end = c.end > c.coreEnd && pairs.find(tokens, c.end, c.end) ? c.coreEnd : c.end;
      const span = spanOf(tokens, c.first, end);
      const base = { key: c.key, filters: c.filters, text: text.slice(span.from, span.to), start: span.from, end: span.to, label: labelFilters(c.filters, lx.formatNames).join(', '), ...span };
      // A decade ("1980s", "'90s") is a style word; "80s" is one when the catalog's titles or tags have it.
      const decade = c.key === 'durationSeconds' ? readDecade(text, span) : undefined;
      if (decade === 'style') continue;
      const topical = decade && pairs.hasWord(base.text) ? base.text : pairs.find(tokens, c.first, end);
      if (topical) {
        read.push({ ...base, use: 'topical', note: `the catalog has "${topical}"` });
        continue;
      }
      const parameter = c.key === 'tier' ? given.tier : c.key === 'format' ? given.format : undefined;
      const earlier = ONE_VALUE.has(c.key) ? firstOf.get(c.key) : undefined;
      if (parameter !== undefined && parameter !== c.filters.tier && parameter !== c.filters.format) {
        read.push({ ...base, use: 'overridden', note: `${c.key}=${parameter} was given` });
      } else if (earlier && earlier.label !== base.label) {
        read.push({ ...base, use: 'overridden', note: `"${earlier.text}" came first` });
      } else {
        const applied = { ...base, use: 'applied' as const };
        if (!firstOf.has(c.key)) firstOf.set(c.key, applied);
        read.push(applied);
      }
    }
    if (!read.length && !asides.spans.length) return undefined;
    const applied = read.filter((r) => r.use === 'applied');
    const filters = mergeFilters(applied.map((r) => r.filters));
    const constraints = read.map(({ from, to, ...r }) => (r.use === 'applied' ? { ...r, queryWithout: cut(text, [{ from, to }]) } : r));
    const taken = [...read.filter((r) => r.use !== 'topical'), ...asides.spans].sort((x, y) => x.from - y.from);
    return { constraints, filters, labels: labelFilters(filters, lx.formatNames), words: cut(text, taken), unknown: asides.unknown, ...(asides.sort ? { sort: asides.sort } : {}) };
  };
}
