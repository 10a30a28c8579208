import { describe, expect, it } from 'vitest';
import { ColumnsOnlyError, createColumnCatalog, encodeListColumns, LIST_COLUMN_FIELDS, readListColumns } from '../../../src/core/catalog/list-columns.ts';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const shardOf = (t: { id: string }) => t.id.length % 3;
/** The columns as a function reads them: written, then parsed. */
const readBack = () => readListColumns(JSON.parse(JSON.stringify(encodeListColumns(catalog.templates, shardOf))), catalog.templates.length, 3);

describe('encodeListColumns', () => {
  it('keeps each value once and every template’s number into it', () => {
    const file = encodeListColumns(catalog.templates, shardOf);
    expect(file.columns.tier.values.sort()).toEqual(['free', 'premium']);
    expect(file.columns.category.at).toHaveLength(catalog.templates.length);
    expect(file.shard).toEqual(catalog.templates.map(shardOf));
  });
});

describe('readListColumns', () => {
  it('reads back every template’s list fields in order, and its place in its shard', () => {
    const columns = readBack();
    const seen = [0, 0, 0];
    catalog.templates.forEach((t, p) => {
      for (const field of LIST_COLUMN_FIELDS) expect(columns.templates[p]![field], `${t.id} ${field}`).toEqual(t[field]);
      expect(columns.shardOf(p)).toBe(shardOf(t));
      expect(columns.rowOf(p)).toBe(seen[shardOf(t)]!++);
      expect(columns.positionOf(columns.templates[p]!)).toBe(p);
    });
    expect(columns.positionOf(catalog.templates[0]!)).toBeUndefined();
  });

  it('throws for a field the columns lack, and when written whole', () => {
    const [first] = readBack().templates;
    expect(() => first!.title).toThrow(ColumnsOnlyError);
    expect(() => first!.publishedAt).toThrow(ColumnsOnlyError);
    expect(() => JSON.stringify(first)).toThrow(ColumnsOnlyError);
  });

  it('refuses a file of another catalog or with numbers out of range', () => {
    const file = () => JSON.parse(JSON.stringify(encodeListColumns(catalog.templates, shardOf))) as ReturnType<typeof encodeListColumns>;
    expect(() => readListColumns(file(), catalog.templates.length + 1, 3)).toThrow('not a list columns file of this catalog');
    expect(() => readListColumns(file(), catalog.templates.length, 2)).toThrow('out of range');
    const bad = file();
    bad.columns.tier.at[4] = 9;
    expect(() => readListColumns(bad, catalog.templates.length, 3)).toThrow('its tier column is not whole');
    expect(() => readListColumns({ format: 'list-columns/0' }, 1, 1)).toThrow('not a list columns file');
  });
});

describe('createColumnCatalog', () => {
  it('lists a page as the whole catalog does once its templates are in their places', () => {
    const columns = readBack();
    for (const query of [{ limit: 4 }, { limit: 5, offset: 7, sort: 'price' as const }, { limit: 3, tier: 'free' as const, sort: 'duration' as const }]) {
      const answer = listTemplates(catalog, query);
      const page = listTemplates(createColumnCatalog(catalog.categories, columns, new Map()), query).templates.map((t) => columns.positionOf(t)!);
      const whole = new Map(page.map((p) => [p, catalog.templates[p]!]));
      expect(JSON.stringify(listTemplates(createColumnCatalog(catalog.categories, columns, whole), query))).toBe(JSON.stringify(answer));
    }
  });

  it('cannot search', () => {
    expect(() => listTemplates(createColumnCatalog(catalog.categories, readBack(), new Map()), { q: 'launch', limit: 3 })).toThrow(ColumnsOnlyError);
  });
});
