import { describe, expect, it } from 'vitest';
import { isSameRecord, type SeenFile } from '../../../src/core/catalog/validated-record.ts';
import type { CatalogFile } from '../../../src/schemas/catalog-file.ts';

const data = { id: 'tpl-1', slug: 'a' } as CatalogFile;

describe('isSameRecord', () => {
  const known = { files: new Map([['d1', data]]), seen: new Map<string, SeenFile>([['a.json', ['sig-1', 'd1']]]) };

  it('finds nothing to learn in the same digests and signatures, and something in a new digest or signature', () => {
    expect(isSameRecord(known, { files: new Map([['d1', data]]), seen: new Map([['a.json', ['sig-1', 'd1']]]) })).toBe(true);
    expect(isSameRecord(known, { files: new Map([['d2', data]]), seen: new Map([['a.json', ['sig-1', 'd2']]]) })).toBe(false);
    expect(isSameRecord(known, { files: new Map([['d1', data]]), seen: new Map([['a.json', ['sig-2', 'd1']]]) })).toBe(false);
  });
});
