import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogError } from '../../../src/core/catalog/validate-catalog.ts';
import { FILTER_WORDS_FILE, readFilterWords } from '../../../src/site/load-site-catalog.ts';

/** Folders this file made, removed when it ends. */
const dirs: string[] = [];
const made = (dir: string) => (dirs.push(dir), dir);
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const withFile = (value: unknown) => {
  const dir = made(mkdtempSync(join(tmpdir(), 'filter-words-')));
  writeFileSync(join(dir, FILTER_WORDS_FILE), typeof value === 'string' ? value : JSON.stringify(value));
  return dir;
};

const problems = (dir: string): string => {
  try {
    readFilterWords(dir);
  } catch (err) {
    expect(err).toBeInstanceOf(CatalogError);
    return (err as CatalogError).problems.join('\n');
  }
  throw new Error('expected the file to be refused');
};

describe('readFilterWords', () => {
  it('reads the catalog file: tiers, formats, units, parts and the words around amounts', () => {
    const words = readFilterWords('templates');
    expect(words.tier.free).toContain('free');
    expect(words.format['9:16']).toEqual(expect.arrayContaining(['vertical', 'reels']));
    expect(words.durationUnits['60']).toContain('minutes');
    expect(words.switches.voice).toContain('voice-over');
    expect(words.below).toContain('under');
    expect(words.atMost).toContain('up to');
  });

  it('stops the build with the file, the field and the rule when an entry is bad', () => {
    const text = problems(withFile({ tier: { free: ['Free'], gold: ['gold'] }, durationUnits: { '0.5': ['half'] } }));
    expect(text).toMatch(/_filter-words\.json: field "tier\.free\.0": must be lowercase/);
    expect(text).toMatch(/field "tier\.gold": unknown/);
    expect(text).toMatch(/durationUnits/);
    expect(() => readFilterWords(withFile('{ nope'))).toThrow(/not valid JSON/);
  });

  it('refuses a word that would mean two things in the same place of a sentence', () => {
    const text = problems(withFile({ tier: { free: ['gratis'] }, format: { '9:16': ['gratis'] } }));
    expect(text).toMatch(/"gratis" is also in tier\.free/);
    // the same word before and after a number is two places: "min 30 s" and "2 min"
    expect(() => readFilterWords(withFile({ atLeast: ['min'], durationUnits: { '60': ['min'] } }))).not.toThrow();
  });

  it('is optional: without the file no word is a filter', () => {
    const none = readFilterWords(made(mkdtempSync(join(tmpdir(), 'none-'))));
    expect(none.tier).toEqual({});
    expect(none.atMost).toEqual([]);
  });
});
