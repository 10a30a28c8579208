import { describe, expect, it } from 'vitest';
import { ColumnsOnlyError, encodeListColumns, encodeSearchColumns, LIST_COLUMN_FIELDS, readListColumns, SEARCH_COLUMN_FIELDS } from '../../../src/core/catalog/list-columns.ts';
import { readColumn } from '../../../src/core/catalog/column-codec.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const ids = catalog.templates.map((t) => t.id);
const shardOf = (t: { id: string }) => t.id.length % 3;
/** A file as a function reads it: written, then parsed. */
const parsed = <T>(file: T): T => JSON.parse(JSON.stringify(file)) as T;
const listFile = () => parsed(encodeListColumns(catalog.templates, shardOf));
const searchFile = () => parsed(encodeSearchColumns(catalog.templates));

describe('encodeListColumns', () => {
  it('writes the list’s fields and every template’s shard', () => {
    const file = encodeListColumns(catalog.templates, shardOf);
    expect(Object.keys(file.columns)).toEqual([...LIST_COLUMN_FIELDS]);
    const shard = readColumn(JSON.parse(JSON.stringify(file.shard)), ids.length, 'shard');
    expect(catalog.templates.map((_, p) => shard(p))).toEqual(catalog.templates.map(shardOf));
  });
});

describe('encodeSearchColumns', () => {
  it('writes the search’s own fields, the titles as lines', () => {
    const file = encodeSearchColumns(catalog.templates);
    expect(Object.keys(file.columns)).toEqual([...SEARCH_COLUMN_FIELDS]);
    expect(file.columns.title).toEqual({ lines: catalog.templates.map((t) => t.title).join('\n') });
  });
});

describe('readListColumns', () => {
  it('reads back every template’s list fields in order, and its place in its shard', () => {
    const columns = readListColumns(listFile(), ids.length, 3);
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
    const [first] = readListColumns(listFile(), ids.length, 3).templates;
    for (const read of [() => first!.title, () => first!.id, () => first!.description, () => first!.publishedAt, () => JSON.stringify(first)]) expect(read).toThrow(ColumnsOnlyError);
  });

  it('gives the stand-ins the search’s fields and the index’s ids when read with them', () => {
    const columns = readListColumns(listFile(), ids.length, 3, { file: searchFile(), ids });
    expect(columns.templates.map((t) => t.id)).toEqual(ids);
    catalog.templates.forEach((t, p) => {
      for (const field of SEARCH_COLUMN_FIELDS) expect(columns.templates[p]![field], `${t.id} ${field}`).toEqual(t[field]);
    });
    expect(() => columns.templates[0]!.description).toThrow(ColumnsOnlyError);
    expect(() => readListColumns(listFile(), ids.length, 3, { file: searchFile(), ids: ids.slice(1) })).toThrow('the index does not number the templates');
    expect(() => readListColumns(listFile(), ids.length, 3, { file: listFile(), ids })).toThrow('not a search-columns/1 file');
  });

  it('refuses a file of another catalog or with numbers out of range', () => {
    expect(() => readListColumns(listFile(), ids.length + 1, 3)).toThrow('column is not whole');
    expect(() => readListColumns(listFile(), ids.length, 2)).toThrow('out of range');
    const bad = listFile();
    bad.columns.tier = { values: ['free'], codes: (bad.columns.tier as { codes: string }).codes };
    expect(() => readListColumns(bad, ids.length, 3)).toThrow('its tier column is not whole');
    expect(() => readListColumns({ format: 'list-columns/0' }, 1, 1)).toThrow('not a list-columns/2 file');
    expect(() => readListColumns({ ...listFile(), format: 'list-columns/0' }, ids.length, 3)).toThrow('not a list-columns/2 file');
  });
});
