import type { Template } from '../../schemas/template.ts';

/**
 * One column of a columns file (list-columns.ts): a field of every template, newest first.
 * - Most fields: their distinct values, and per template the number of its value, written as
 *   one character each (`codes`: the character CODE_BASE + n) where the values are few enough,
 *   else as numbers (`at`). At 100,000 templates a column of numbers was 200 KB of JSON parsed
 *   into an array of 100,000; as characters it is 100 KB parsed into one string.
 * - A field whose values are mostly distinct (the titles): the values themselves as lines of one
 *   string, split only when read (2.2 MB at 100,000, where values and numbers took 2.8 MB and
 *   parsed as 100,000 strings).
 */
export type Column = { values: unknown[]; codes: string } | { values: unknown[]; at: number[] } | { lines: string };

/** The first character of `codes`: past `"` and `\`, which JSON would escape, and every character below them. */
const CODE_BASE = 0x5d;
/** Values a column of characters holds: its characters stay below the surrogates, which JSON may escape. */
const MAX_CODED = 0xd800 - CODE_BASE;

/** Characters for numbers, a slice at a time: one call with 100,000 arguments overflows the stack. */
function toCodes(at: readonly number[]): string {
  let codes = '';
  for (let from = 0; from < at.length; from += 8192) codes += String.fromCharCode(...at.slice(from, from + 8192).map((n) => CODE_BASE + n));
  return codes;
}

/** The column of the values of every template (newest first): as lines when they are strings without a newline, more than half of them distinct. */
export function writeColumn(all: readonly unknown[]): Column {
  const values: unknown[] = [];
  // A value is known by itself, an object or array by its JSON: the whole load writes both files
  // again to check them, and at 100,000 the list columns took 240-270 ms with every value as JSON
  // (a key and a pair allocated each), 140-170 ms this way.
  const [byValue, byJson] = [new Map<unknown, number>(), new Map<string, number>()];
  const at = new Array<number>(all.length);
  for (let p = 0; p < all.length; p++) {
    const value = all[p];
    const json = typeof value === 'object' && value !== null ? JSON.stringify(value) : undefined;
    let n = json === undefined ? byValue.get(value) : byJson.get(json);
    if (n === undefined) {
      n = values.push(value) - 1;
      if (json === undefined) byValue.set(value, n);
      else byJson.set(json, n);
    }
    at[p] = n;
  }
  const asLines = values.length > all.length / 2 && values.every((v) => typeof v === 'string' && !v.includes('\n'));
  if (asLines) return { lines: all.join('\n') };
  return values.length <= MAX_CODED ? { values, codes: toCodes(at) } : { values, at };
}

/** The column of one field of `templates` (newest first). */
export const encodeColumn = (templates: readonly Template[], field: keyof Template): Column => writeColumn(templates.map((t) => t[field]));

/** A column read back: the value at a position; throws (naming no file) when the column is not whole (lines: when first read). */
export function readColumn(column: unknown, count: number, field: string): (p: number) => unknown {
  const { values, at, codes, lines } = (column ?? {}) as Partial<{ values: unknown; at: unknown; codes: unknown; lines: unknown }>;
  if (typeof lines === 'string') {
    let split: string[] | undefined;
    // Split and checked on first read: a list that does not show them never reads the titles.
    const read = () => {
      if (split) return split;
      split = count ? lines.split('\n') : [];
      if (split.length !== count) throw new Error(`its ${field} column is not whole`);
      return split;
    };
    return (p) => read()[p];
  }
  if (typeof codes === 'string' && Array.isArray(values)) {
    if (codes.length !== count) throw new Error(`its ${field} column is not whole`);
    for (let p = 0; p < count; p++) {
      const n = codes.charCodeAt(p) - CODE_BASE;
      if (n < 0 || n >= values.length) throw new Error(`its ${field} column is not whole`);
    }
    return (p) => values[codes.charCodeAt(p) - CODE_BASE];
  }
  if (!Array.isArray(values) || !Array.isArray(at) || at.length !== count || !at.every((n) => Number.isInteger(n) && n >= 0 && n < values.length)) throw new Error(`its ${field} column is not whole`);
  return (p) => values[at[p] as number];
}
