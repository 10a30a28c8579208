import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogError } from '../../../src/core/catalog/validate-catalog.ts';
import { readSynonyms } from '../../../src/site/load-site-catalog.ts';

/** Folders this file made, removed when it ends. */
const dirs: string[] = [];
const made = (dir: string) => (dirs.push(dir), dir);
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const withFile = (text: string) => {
  const dir = made(mkdtempSync(join(tmpdir(), 'synonyms-')));
  writeFileSync(join(dir, '_synonyms.json'), text);
  return dir;
};

describe('readSynonyms', () => {
  it('reads the catalog table', () => {
    const table = readSynonyms('templates');
    expect(table.groups.length).toBeGreaterThan(10);
    expect(table.groups.find((g) => g.includes('careers'))).toContain('jobs');
  });

  it('stops the build with the file and the rule when the table is bad', () => {
    const bad = withFile(JSON.stringify({ groups: [['Sign-Up', 'signup'], ['solo']], formats: { '9:16': ['vertical'] } }));
    expect(() => readSynonyms(bad)).toThrow(CatalogError);
    try {
      readSynonyms(bad);
    } catch (err) {
      const text = (err as CatalogError).problems.join('\n');
      expect(text).toMatch(/_synonyms\.json: field "groups\.0\.0": .*one lowercase word/);
      expect(text).toMatch(/groups\.1/);
      expect(text).toMatch(/formats/); // format words are filter words now (_filter-words.json)
    }
    expect(() => readSynonyms(withFile('{ nope'))).toThrow(/not valid JSON/);
  });

  it('is optional: without the file there are no synonyms', () => {
    expect(readSynonyms(made(mkdtempSync(join(tmpdir(), 'none-'))))).toEqual({ groups: [] });
  });
});
