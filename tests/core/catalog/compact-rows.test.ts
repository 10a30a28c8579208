import { describe, expect, it } from 'vitest';
import { decodeCompactRows, encodeCompactRows } from '../../../src/core/catalog/compact-rows.ts';
import { createTemplateCompactor } from '../../../src/core/catalog/compact-templates.ts';
import type { Template } from '../../../src/schemas/template.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const sample = loadSampleCatalog();
/** The templates as the shards publish them. */
const published = (): Template[] => JSON.parse(JSON.stringify(sample.templates)) as Template[];
/** A rows file as the function reads it: written, then parsed. */
const roundTrip = (templates: Template[]) => JSON.parse(JSON.stringify(encodeCompactRows(templates, sample.categories))) as unknown;

describe('encodeCompactRows', () => {
  it('writes every sample template as a row, a fraction of the shard’s bytes', () => {
    const file = encodeCompactRows(published(), sample.categories);
    expect(file.rows.every(Array.isArray)).toBe(true);
    expect(JSON.stringify(file).length).toBeLessThan(JSON.stringify({ templates: published() }).length / 2);
  });
});

describe('decodeCompactRows', () => {
  it('reads back every template with the same JSON bytes as the shard', () => {
    const templates = decodeCompactRows(roundTrip(published()), createTemplateCompactor(sample.categories));
    expect(templates.map((t) => JSON.stringify(t))).toEqual(published().map((t) => JSON.stringify(t)));
    expect(templates[0]!.url).toBe(sample.templates[0]!.url);
  });

  it('keeps as published a template that does not read back from its fields, in its place', () => {
    const given = published();
    given[2]!.url = 'https://elsewhere.example/x';
    const file = roundTrip(given) as { rows: unknown[] };
    expect(Array.isArray(file.rows[2])).toBe(false);
    const templates = decodeCompactRows(file, createTemplateCompactor(sample.categories));
    expect(templates.map((t) => JSON.stringify(t))).toEqual(given.map((t) => JSON.stringify(t)));
  });

  it('refuses a file that is not a rows file, or a row that points past its values', () => {
    const compactor = createTemplateCompactor(sample.categories);
    expect(() => decodeCompactRows({ templates: [] }, compactor)).toThrow(/not a rows file/);
    const file = roundTrip(published().slice(0, 1)) as { rows: unknown[][] };
    file.rows[0]![4] = 999;
    expect(() => decodeCompactRows(file, compactor)).toThrow(/out of range/);
  });

  it('reads the rows asked for only, in the order asked, as the whole file reads them', () => {
    const given = published();
    given[2]!.url = 'https://elsewhere.example/x';
    const file = roundTrip(given) as { rows: unknown[] };
    const at = [5, 2, 0];
    const templates = decodeCompactRows(file, createTemplateCompactor(sample.categories), at);
    expect(templates.map((t) => JSON.stringify(t))).toEqual(at.map((i) => JSON.stringify(given[i])));
    // A row not asked for is not read: a broken one goes unnoticed until it is.
    const broken = roundTrip(given) as { rows: unknown[][] };
    broken.rows[1]![4] = 999;
    expect(decodeCompactRows(broken, createTemplateCompactor(sample.categories), [3])[0]!.id).toBe(given[3]!.id);
    expect(() => decodeCompactRows(broken, createTemplateCompactor(sample.categories), [1])).toThrow(/out of range/);
    expect(() => decodeCompactRows(roundTrip(given), createTemplateCompactor(sample.categories), [given.length])).toThrow(/a row \d+ out of range/);
  });
});
