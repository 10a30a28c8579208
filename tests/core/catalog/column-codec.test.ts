import { describe, expect, it } from 'vitest';
import { encodeColumn, readColumn, writeColumn } from '../../../src/core/catalog/column-codec.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const { templates } = loadSampleCatalog();
/** A column as a function reads it: written, parsed, read back at every position. */
const readBack = (column: unknown, count = templates.length) => {
  const at = readColumn(JSON.parse(JSON.stringify(column)), count, 'field');
  return Array.from({ length: count }, (_, p) => at(p));
};

describe('encodeColumn', () => {
  it('keeps each value of a field with few once, and every template’s number into them as one character', () => {
    const column = encodeColumn(templates, 'tier') as { values: unknown[]; codes: string };
    expect([...column.values].sort()).toEqual(['free', 'premium']);
    expect(column.codes).toHaveLength(templates.length);
    // JSON writes the characters as they are: one byte each for few values.
    expect(Buffer.byteLength(JSON.stringify(column.codes))).toBe(templates.length + 2);
    expect(readBack(column)).toEqual(templates.map((t) => t.tier));
    expect(readBack(encodeColumn(templates, 'editable'))).toEqual(templates.map((t) => t.editable));
  });

  it('keeps numbers where the values are too many for characters', () => {
    const many = Array.from({ length: 60_000 }, (_, i) => i % 56_000);
    const column = writeColumn(many) as { values: unknown[]; at: number[] };
    expect(column.at).toHaveLength(many.length);
    expect(readBack(column, many.length)).toEqual(many);
    const few = writeColumn(many.map((n) => n % 50_000)) as { codes: string };
    expect(few.codes).toHaveLength(many.length);
    expect(readBack(few, many.length)).toEqual(many.map((n) => n % 50_000));
  });

  it('keeps the titles as lines, and as values when one holds a newline', () => {
    expect(encodeColumn(templates, 'title')).toEqual({ lines: templates.map((t) => t.title).join('\n') });
    const odd = templates.map((t, i) => (i === 3 ? { ...t, title: 'Two\nlines' } : t));
    const column = encodeColumn(odd, 'title') as { values: unknown[] };
    expect(column.values).toContain('Two\nlines');
    expect(readBack(column)).toEqual(odd.map((t) => t.title));
  });
});

describe('readColumn', () => {
  it('refuses numbers out of range, and characters or lines of another count (lines when first read)', () => {
    const tier = encodeColumn(templates, 'tier') as { values: unknown[]; codes: string };
    expect(() => readColumn({ ...tier, values: ['free'] }, templates.length, 'tier')).toThrow('its tier column is not whole');
    expect(() => readColumn(tier, templates.length + 1, 'tier')).toThrow('its tier column is not whole');
    expect(() => readColumn({ values: ['a'], at: [0, 1] }, 2, 'tier')).toThrow('its tier column is not whole');
    expect(() => readColumn({ values: ['a'], at: [0] }, 2, 'tier')).toThrow('its tier column is not whole');
    const short = readColumn({ lines: 'one\ntwo' }, 3, 'title');
    expect(() => short(0)).toThrow('its title column is not whole');
    expect(readColumn({ lines: '' }, 0, 'title')).toBeTypeOf('function');
  });
});
