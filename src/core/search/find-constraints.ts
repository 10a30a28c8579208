import type { QueryFilters, ReadFilter } from '../../schemas/responses.ts';
import { readDigits, startsWithDigit, type FilterLexicon, type QueryToken } from './filter-lexicon.ts';

/** The filter a constraint sets (one each): a field of QueryFilters, editable parts by name. */
export type FilterKey = ReadFilter;

/**
 * A constraint found in a query's tokens: [first, coreEnd) carry its meaning; [coreEnd, end) are
 * words that may follow it and belong to it ("format" in "vertical format", "long").
 */
export interface FoundConstraint {
  key: FilterKey;
  filters: QueryFilters;
  first: number;
  coreEnd: number;
  end: number;
}

type Tokens = readonly QueryToken[];
type Bounds = { min?: number; max?: number; above?: number; below?: number };
const ENDS = ['min', 'max', 'above', 'below'] as const;

/** A number at `at`: digits, a number word, or (after a bound) an article: "under a minute". */
function readNumber(lx: FilterLexicon, tokens: Tokens, at: number, article: boolean): { value: number; end: number } | undefined {
  const digits = at < tokens.length ? readDigits(tokens[at]!.word) : undefined;
  if (digits !== undefined) return { value: digits, end: at + 1 };
  const word = lx.numbers.match(tokens, at);
  if (word) return { value: word.meaning, end: word.end };
  const one = article ? lx.articles.match(tokens, at) : undefined;
  return one && { value: 1, end: one.end };
}

/** The first of `tables` matching at `at`, as [its label, the index after it]. */
function matchAny<L>(tokens: Tokens, at: number, tables: readonly (readonly [FilterLexicon['to'], L])[]): [L, number] | undefined {
  for (const [table, label] of tables) {
    const m = table.match(tokens, at);
    if (m) return [label, m.end];
  }
  return undefined;
}

/**
 * An amount with what it measures: [bound] [$] N [to [$] M] (unit | $ | count) [bound after]
 * [filler]: "under 20 seconds", "at least a minute long", "10-20 s", "under $5", "3 images",
 * "30 seconds or less", "between 2 and 4 photos". A bare amount is exact ("15-second"); "under"
 * and "over" exclude it, "up to" and "at least" include it.
 */
function readAmount(lx: FilterLexicon, tokens: Tokens, at: number): FoundConstraint | undefined {
  const before = matchAny(tokens, at, lx.bounds.before);
  let j = before?.[1] ?? at;
  const bound = before?.[0];
  const money = lx.currency.match(tokens, j);
  if (money) j = money.end;
  const a = readNumber(lx, tokens, j, bound !== undefined && bound !== 'range');
  if (!a) return undefined;
  j = a.end;
  let b: { value: number; end: number } | undefined;
  if (bound === undefined || bound === 'range') {
    const to = lx.to.match(tokens, j);
    const k = to?.end ?? j;
    b = readNumber(lx, tokens, money ? (lx.currency.match(tokens, k)?.end ?? k) : k, false);
    if (b) j = b.end;
  }
  if (bound === 'range' && !b) return undefined;
  const unit: Unit | undefined = money ? { key: 'priceCents', factor: 100, whole: true, end: lx.currency.match(tokens, j)?.end ?? j } : readUnit(lx, tokens, j);
  if (!unit) return undefined;
  j = unit.end;
  const after = bound || b ? undefined : matchAny(tokens, j, lx.bounds.after);
  if (after) j = after[1];
  // A bound as written: "under" and "over" exclude the amount, "up to" and "at least" include it.
  const said = bound ?? after?.[0];
  const range: Bounds = b
    ? { min: Math.min(a.value, b.value), max: Math.max(a.value, b.value) }
    : said && said !== 'range'
      ? { [said]: a.value }
      : { min: a.value, max: a.value };
  const scaled = scale(range, unit);
  if (!scaled) return undefined;
  const filler = unit.key === 'durationSeconds' ? lx.durationAfter.match(tokens, j) : undefined;
  return { key: unit.key, filters: toFilters(unit.key, scaled), first: at, coreEnd: j, end: filler?.end ?? j };
}

/** What an amount measures: a duration unit (its seconds), "$" (cents) or an editable part counted. */
type Unit = { key: FilterKey; factor: number; whole: boolean; end: number };

function readUnit(lx: FilterLexicon, tokens: Tokens, at: number): Unit | undefined {
  const money = lx.currency.match(tokens, at);
  if (money) return { key: 'priceCents', factor: 100, whole: true, end: money.end };
  const unit = lx.units.match(tokens, at);
  if (unit) return { key: 'durationSeconds', factor: unit.meaning, whole: false, end: unit.end };
  const count = lx.counts.match(tokens, at);
  return count && { key: `editable.${count.meaning}`, factor: 1, whole: true, end: count.end };
}

/** The bounds in the field's unit (seconds, cents, a count); none when a count is not a whole number. */
function scale(range: Bounds, unit: Unit): Bounds | undefined {
  const out: Bounds = {};
  for (const end of ENDS) {
    const v = range[end];
    if (v === undefined) continue;
    const scaled = v * unit.factor;
    if (unit.whole && unit.factor === 1 && !Number.isInteger(scaled)) return undefined;
    out[end] = unit.whole ? Math.round(scaled) : scaled;
  }
  return out;
}

function toFilters(key: FilterKey, value: Bounds | boolean): QueryFilters {
  if (key === 'durationSeconds' || key === 'priceCents') return { [key]: value as Bounds };
  const part = key.slice('editable.'.length);
  return { editable: { [part]: value } };
}

/** "with music", "without a voice-over", "no narration", and "with 3 images". */
function readSwitch(lx: FilterLexicon, tokens: Tokens, at: number): FoundConstraint | undefined {
  const said = matchAny(tokens, at, lx.bounds.said);
  if (!said) return undefined;
  const j = lx.articles.match(tokens, said[1])?.end ?? said[1];
  const part = lx.switches.match(tokens, j);
  if (part) return { key: `editable.${part.meaning}`, filters: { editable: { [part.meaning]: said[0] } }, first: at, coreEnd: part.end, end: part.end };
  const counted = said[0] ? readAmount(lx, tokens, said[1]) : undefined;
  return counted?.key.startsWith('editable.') ? { ...counted, first: at } : undefined;
}

/** A tier or format word ("free", "vertical", "9:16"), with a format's filler ("vertical format"). */
function readNamed(lx: FilterLexicon, tokens: Tokens, at: number): FoundConstraint | undefined {
  const m = lx.fixed.match(tokens, at);
  if (!m) return undefined;
  const named = m.meaning;
  const filler = 'format' in named ? lx.formatAfter.match(tokens, m.end) : undefined;
  return { key: 'tier' in named ? 'tier' : 'format', filters: named, first: at, coreEnd: m.end, end: filler?.end ?? m.end };
}

/** A switch part joined to the switch before it ("with music and a voice-over"), said the same way. */
function readJoinedSwitch(lx: FilterLexicon, tokens: Tokens, at: number, before: FoundConstraint | undefined): FoundConstraint | undefined {
  const said = before?.end === at && before.key.startsWith('editable.') ? before.filters.editable : undefined;
  const joined = said && (said.music ?? said.voice) !== undefined ? lx.to.match(tokens, at) : undefined;
  if (!joined) return undefined;
  const part = lx.switches.match(tokens, lx.articles.match(tokens, joined.end)?.end ?? joined.end);
  return part && { key: `editable.${part.meaning}`, filters: { editable: { [part.meaning]: said!.music ?? said!.voice } }, first: at, coreEnd: part.end, end: part.end };
}

/** Every constraint in a query's tokens, left to right, none overlapping. */
export function findConstraints(lx: FilterLexicon, tokens: Tokens): FoundConstraint[] {
  const found: FoundConstraint[] = [];
  for (let i = 0; i < tokens.length; ) {
    const word = tokens[i]!.word;
    const c =
      lx.starters.has(word) || startsWithDigit(word)
        ? (readAmount(lx, tokens, i) ?? readSwitch(lx, tokens, i) ?? readNamed(lx, tokens, i))
        : readJoinedSwitch(lx, tokens, i, found.at(-1));
    if (c) found.push(c);
    i = c ? c.end : i + 1;
  }
  return found;
}
