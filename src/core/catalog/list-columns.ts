import type { Template } from '../../schemas/template.ts';
import { encodeColumn, readColumn, writeColumn, type Column } from './column-codec.ts';
import { FIELDS } from './read-compact-fields.ts';

/**
 * The fields a list reads from every template: its filters' (list-filters.ts: category, tier,
 * formats) and its orders' (sort-positions.ts: price, duration). The facets read the filters'
 * three (facet-codes.ts). Everything else a list without words reads is on its page.
 */
export const LIST_COLUMN_FIELDS = ['category', 'tier', 'formats', 'priceCents', 'durationSeconds'] as const;
/**
 * What a search reads from every template besides: the titles (the exact title first, "did you
 * mean": rank-hits.ts, create-template-search.ts) and the editable parts (constraints read from
 * words: match-filters.ts); and the ids, which the search index holds in the same order.
 */
export const SEARCH_COLUMN_FIELDS = ['title', 'editable'] as const;
type ListField = (typeof LIST_COLUMN_FIELDS)[number];
type SearchField = (typeof SEARCH_COLUMN_FIELDS)[number];

/**
 * The function's data file `/data/catalog/list-columns.json`: the list's fields of every
 * template, newest first, a column each (column-codec.ts), and the shard each template is kept
 * in. Why: a cold workerd isolate answers a list from this and the rows files of its page's
 * templates (a few of 128 at 100,000 templates) instead of waiting seconds for the whole
 * catalog (docs/scale.md).
 */
export interface ListColumnsFile {
  format: 'list-columns/2';
  columns: Record<ListField, Column>;
  /** Per template: its shard (a column of numbers), whose rows file holds it at its rank among that shard's templates (both newest first). */
  shard: Column;
}

/** The function's data file `/data/catalog/search-columns.json`: the search's own fields of every template, newest first; with the list's and the index, what a cold isolate answers a search from. */
export interface SearchColumnsFile {
  format: 'search-columns/1';
  columns: Record<SearchField, Column>;
}

/** The formats, by file: a build's own function reads its own, and a bench folder with another is written again. */
export const COLUMNS_FORMATS = { list: 'list-columns/2', search: 'search-columns/1' } as const;

const encodeColumns = <F extends keyof Template>(templates: readonly Template[], fields: readonly F[]) =>
  Object.fromEntries(fields.map((f) => [f, encodeColumn(templates, f)])) as Record<F, Column>;

/** The list columns of `templates` (newest first); `shardOf` says which shard keeps a template. */
export function encodeListColumns(templates: readonly Template[], shardOf: (t: Template) => number): ListColumnsFile {
  return { format: COLUMNS_FORMATS.list, columns: encodeColumns(templates, LIST_COLUMN_FIELDS), shard: writeColumn(templates.map(shardOf)) };
}

/** The search columns of `templates` (newest first). */
export function encodeSearchColumns(templates: readonly Template[]): SearchColumnsFile {
  return { format: COLUMNS_FORMATS.search, columns: encodeColumns(templates, SEARCH_COLUMN_FIELDS) };
}

/** A template of the columns was read for a field they do not hold: the list needs the whole catalog. */
export class ColumnsOnlyError extends Error {
  override name = 'ColumnsOnlyError';
}

/** The columns read back: a stand-in per template that has the list's fields only, and where each template's row is. */
export interface ListColumns {
  /** Newest first; each reads the columns' fields and throws ColumnsOnlyError for any other. */
  templates: readonly Template[];
  /** The position of a stand-in among `templates`, or undefined for anything else. */
  positionOf(t: Template): number | undefined;
  shardOf(position: number): number;
  /** The template's index in its shard's rows file. */
  rowOf(position: number): number;
}

/** Stand-ins reading `columns` (by field): a class whose prototype has their fields and throws for the rest. */
function defineStandIn(columns: ReadonlyMap<string, (p: number) => unknown>) {
  class ColumnTemplate {
    readonly position: number;
    constructor(position: number) {
      this.position = position;
    }
    toJSON(): never {
      throw new ColumnsOnlyError('a template of the list columns was written whole');
    }
  }
  for (const field of [...FIELDS, 'version', 'publishedAt']) {
    const column = columns.get(field);
    Object.defineProperty(ColumnTemplate.prototype, field, {
      get: column
        ? function (this: ColumnTemplate) {
            return column(this.position);
          }
        : () => {
            throw new ColumnsOnlyError(`the list columns have no ${field}`);
          },
    });
  }
  return ColumnTemplate;
}

/** The search columns and the index's ids, which a catalog of the columns needs to search. */
export interface SearchColumns {
  /** A parsed search columns file. */
  file: unknown;
  ids: readonly string[];
}

/** The columns of a parsed file of `format` by field, checked for `count` templates; throws (naming no file) when it is not one. */
function readColumns(file: unknown, format: string, fields: readonly string[], count: number): [string, (p: number) => unknown][] {
  const { format: given, columns } = (file ?? {}) as { format?: unknown; columns?: Record<string, unknown> };
  if (given !== format || !columns || typeof columns !== 'object') throw new Error(`not a ${format} file`);
  return fields.map((f) => [f, readColumn(columns[f], count, f)]);
}

/**
 * Reads a parsed list columns file of `count` templates in `shards` shards; throws (naming no
 * file) when it is not one. With `search`, the stand-ins also have the search's fields and
 * their ids (the search index's, in the catalog's order).
 */
export function readListColumns(file: unknown, count: number, shards: number, search?: SearchColumns): ListColumns {
  const read = new Map(readColumns(file, COLUMNS_FORMATS.list, LIST_COLUMN_FIELDS, count));
  const shardOf = readColumn((file as Partial<ListColumnsFile>).shard, count, 'shard');
  if (search) {
    if (search.ids.length !== count) throw new Error('the index does not number the templates of the columns');
    for (const [f, column] of readColumns(search.file, COLUMNS_FORMATS.search, SEARCH_COLUMN_FIELDS, count)) read.set(f, column);
    read.set('id', (p) => search.ids[p]);
  }
  const [shard, rows] = [new Uint32Array(count), new Uint32Array(count)];
  const seen = new Uint32Array(shards);
  for (let p = 0; p < count; p++) {
    const s = shardOf(p);
    if (typeof s !== 'number' || !Number.isInteger(s) || s < 0 || s >= shards) throw new Error(`a shard ${String(s)} out of range`);
    shard[p] = s;
    rows[p] = seen[s]!++;
  }
  const ColumnTemplate = defineStandIn(read);
  const templates = Array.from({ length: count }, (_, p) => new ColumnTemplate(p) as unknown as Template);
  return {
    templates,
    positionOf: (t) => (t instanceof ColumnTemplate ? t.position : undefined),
    shardOf: (p) => shard[p]!,
    rowOf: (p) => rows[p]!,
  };
}
