import type { Category } from '../../schemas/catalog-file.ts';
import type { Template } from '../../schemas/template.ts';
import { buildSearchIndex } from '../search/search-index.ts';
import { NO_FILTER_WORDS, type Catalog } from './catalog.ts';
import { createFacetCodes } from './facet-codes.ts';
import { FIELDS } from './read-compact-fields.ts';

/**
 * The fields a list without words reads from every template: its filters' (list-filters.ts:
 * category, tier, formats) and its orders' (sort-positions.ts: price, duration). The facets
 * read the filters' three (facet-codes.ts). Everything else a list reads is on its page.
 */
export const LIST_COLUMN_FIELDS = ['category', 'tier', 'formats', 'priceCents', 'durationSeconds'] as const;
type ColumnField = (typeof LIST_COLUMN_FIELDS)[number];

/**
 * The function's data file `/data/catalog/list-columns.json`: the list's fields of every
 * template, newest first, each field as its distinct values and a number into them per
 * template, and the shard each template is kept in. Why: a cold workerd isolate answers a list
 * from this and the rows files of its page's templates (~1.5 MB and a few of 128 files at
 * 100,000 templates) instead of waiting seconds for the whole catalog (docs/scale.md).
 */
export interface ListColumnsFile {
  format: 'list-columns/1';
  columns: Record<ColumnField, { values: unknown[]; at: number[] }>;
  /** Per template: its shard, whose rows file holds it at its rank among that shard's templates (both newest first). */
  shard: number[];
}

/** The columns of `templates` (newest first); `shardOf` says which shard keeps a template. */
export function encodeListColumns(templates: readonly Template[], shardOf: (t: Template) => number): ListColumnsFile {
  const column = (field: ColumnField) => {
    const values: unknown[] = [];
    const numbers = new Map<string, number>();
    const at = templates.map((t) => {
      const key = JSON.stringify(t[field]);
      let n = numbers.get(key);
      if (n === undefined) numbers.set(key, (n = values.push(t[field]) - 1));
      return n;
    });
    return { values, at };
  };
  const columns = Object.fromEntries(LIST_COLUMN_FIELDS.map((f) => [f, column(f)])) as ListColumnsFile['columns'];
  return { format: 'list-columns/1', columns, shard: templates.map(shardOf) };
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

/** Stand-ins reading `columns`: a class whose prototype has the fields (the values by position) and throws for the rest. */
function defineStandIn(columns: ListColumnsFile['columns']) {
  class ColumnTemplate {
    readonly position: number;
    constructor(position: number) {
      this.position = position;
    }
    toJSON(): never {
      throw new ColumnsOnlyError('a template of the list columns was written whole');
    }
  }
  const held = new Set<string>(LIST_COLUMN_FIELDS);
  for (const field of [...FIELDS, 'version', 'publishedAt']) {
    const column = held.has(field) ? columns[field as ColumnField] : undefined;
    Object.defineProperty(ColumnTemplate.prototype, field, {
      get: column
        ? function (this: ColumnTemplate) {
            return column.values[column.at[this.position]!];
          }
        : () => {
            throw new ColumnsOnlyError(`the list columns have no ${field}`);
          },
    });
  }
  return ColumnTemplate;
}

/** Reads a parsed columns file of `count` templates in `shards` shards; throws (naming no file) when it is not one. */
export function readListColumns(file: unknown, count: number, shards: number): ListColumns {
  const { format, columns, shard } = (file ?? {}) as Partial<ListColumnsFile>;
  if (format !== 'list-columns/1' || !columns || typeof columns !== 'object' || !Array.isArray(shard) || shard.length !== count) throw new Error('not a list columns file of this catalog');
  for (const field of LIST_COLUMN_FIELDS) {
    const { values, at } = columns[field] ?? {};
    if (!Array.isArray(values) || !Array.isArray(at) || at.length !== count || !at.every((n) => Number.isInteger(n) && n >= 0 && n < values.length)) throw new Error(`its ${field} column is not whole`);
  }
  const rows = new Uint32Array(count);
  const seen = new Uint32Array(shards);
  shard.forEach((s, p) => {
    if (!Number.isInteger(s) || s < 0 || s >= shards) throw new Error(`a shard ${String(s)} out of range`);
    rows[p] = seen[s]!++;
  });
  const ColumnTemplate = defineStandIn(columns);
  const templates = Array.from({ length: count }, (_, p) => new ColumnTemplate(p) as unknown as Template);
  return {
    templates,
    positionOf: (t) => (t instanceof ColumnTemplate ? t.position : undefined),
    shardOf: (p) => shard[p]!,
    rowOf: (p) => rows[p]!,
  };
}

/**
 * A catalog of the columns for one list without words: the stand-ins, with the whole templates
 * of its page (`whole`, by position) in their places. Its facets are the whole catalog's (the
 * same columns, the same order); a search, or any field the columns lack, throws ColumnsOnlyError.
 */
export function createColumnCatalog(categories: readonly Category[], columns: ListColumns, whole: ReadonlyMap<number, Template>): Catalog {
  const templates = [...columns.templates];
  const byRef = new Map<string, Template>();
  for (const [p, t] of whole) {
    templates[p] = t;
    byRef.set(t.id, t).set(t.slug, t);
  }
  const unavailable = (): never => {
    throw new ColumnsOnlyError('the list columns cannot search');
  };
  return {
    categories,
    templates,
    index: buildSearchIndex([]),
    filterWords: NO_FILTER_WORDS,
    topicalPairs: [],
    byRef,
    facetCodes: createFacetCodes(columns.templates),
    search: unavailable,
    answerSearch: unavailable,
    meetFilters: unavailable,
    prepareSearch: unavailable,
  };
}
