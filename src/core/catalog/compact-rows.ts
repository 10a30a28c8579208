import type { Category } from '../../schemas/catalog-file.ts';
import type { Template } from '../../schemas/template.ts';
import { readCompactFields, type CompactFields, type KeepShared, type TemplateCompactor } from './compact-templates.ts';
import { readPrefixes, type Prefixes } from './read-compact-fields.ts';

/**
 * The function's data file of a shard (`/data/catalog/{n}.rows.json`): the same templates as
 * the shard, in its order, as the compact templates keep them (compact-templates.ts). Each
 * template is a row of its own fields by position, its shared values (category, tier, formats,
 * editable parts, tags, brands, versions) numbers into the file's `values`; what a compact
 * template derives (its addresses, price in dollars, category label) is not written. A
 * template that does not read back from its fields is written as published instead.
 *
 * Why: a cold function parses these instead of the shards. At 100,000 templates the shards are
 * ~100 MB of JSON (9.2 MB packed); the rows 37 MB (6.0 MB packed), arrays without keys, and no
 * check of what each template derives: the whole load takes about two thirds of the CPU
 * (docs/scale.md).
 */
export interface CompactRowsFile {
  /** The addresses the compact templates derive theirs from; null when no template reads back. */
  prefixes: Prefixes | null;
  /** The shared values, each once. */
  values: unknown[];
  /** Per template: its row (CompactFields, shared values as numbers, examples flat, version -1 when none), or the template as published. */
  rows: (unknown[] | Template)[];
}

/** Positions in a row of the shared values (numbers into `values`). */
const SHARED = [4, 5, 8, 9, 10] as const;
const [EXAMPLES, VERSION] = [11, 12] as const;
/** A row's length: CompactFields'. */
const ROW_LENGTH = 14;

/** The rows file of a shard's templates (`categories` give the labels a template must read back with). */
export function encodeCompactRows(templates: readonly Template[], categories: readonly Category[]): CompactRowsFile {
  const labels = new Map(categories.map((c) => [c.id, c.label]));
  const values: unknown[] = [];
  const at = new Map<string, number>();
  const number = (value: unknown) => {
    const key = JSON.stringify(value);
    let n = at.get(key);
    if (n === undefined) at.set(key, (n = values.push(value) - 1));
    return n;
  };
  const first = templates.find((t) => readPrefixes(t));
  const prefixes = (first && readPrefixes(first)) ?? null;
  const same: KeepShared = (value) => value;
  const rows = templates.map((t) => {
    const fields = prefixes && readCompactFields(t, prefixes, labels, same);
    if (!fields) return t;
    const row: unknown[] = [...fields];
    for (const i of SHARED) row[i] = number(fields[i]);
    row[EXAMPLES] = fields[EXAMPLES].map((entry, k) => (k % 3 === 2 ? entry : number(entry)));
    row[VERSION] = fields[VERSION] === undefined ? -1 : number(fields[VERSION]);
    return row;
  });
  return { prefixes, values, rows };
}

/**
 * The templates of a parsed rows file, compact (through `compactor`, which keeps shared
 * values once across files) or as written; throws (a message naming no file) when it is not
 * a rows file: the caller names it. `at`: the templates at those (distinct) rows only, in that order
 * (a cold list's page: a few rows of ~780 at 100,000 templates).
 */
export function decodeCompactRows(file: unknown, compactor: TemplateCompactor, at?: readonly number[]): Template[] {
  const { prefixes, values, rows } = (file ?? {}) as Partial<CompactRowsFile>;
  if (!Array.isArray(values) || !Array.isArray(rows) || typeof prefixes !== 'object') throw new Error('not a rows file');
  // Each value kept when a row first reads it: a page's few rows read a few of a file's values.
  const kept = new Array<unknown>(values.length);
  const shared = (n: unknown) => {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= kept.length) throw new Error(`a shared value ${String(n)} out of range`);
    if (!(n in kept)) {
      const value = values[n];
      kept[n] = Array.isArray(value) ? compactor.keep(value.map((v: unknown) => compactor.keep(v))) : compactor.keep(value);
    }
    return kept[n];
  };
  const make = prefixes && compactor.maker(prefixes);
  const decode = (row: unknown) => {
    if (!Array.isArray(row)) return compactor([row as Template])[0]!;
    if (row.length !== ROW_LENGTH || !make) throw new Error('a row of another shape');
    for (const i of SHARED) row[i] = shared(row[i]);
    const examples = row[EXAMPLES] as unknown[];
    for (let k = 0; k < examples.length; k += 3) (examples[k] = shared(examples[k])), (examples[k + 1] = shared(examples[k + 1]));
    row[VERSION] = row[VERSION] === -1 ? undefined : shared(row[VERSION]);
    return make(row as CompactFields);
  };
  if (!at) return rows.map(decode);
  return at.map((i) => {
    if (!Number.isInteger(i) || i < 0 || i >= rows.length) throw new Error(`a row ${i} out of range`);
    return decode(rows[i]);
  });
}
