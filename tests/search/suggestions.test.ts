import { describe, expect, it } from 'vitest';
import { measureEdits } from '../../src/core/search/typo-index.ts';
import { allowedEdits } from '../../src/core/search/search-options.ts';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';
import { MISSING_WORDS, MISSPELLINGS } from './judged-suggestions.ts';

const catalog = loadSampleCatalog();
const ask = (q: string) => catalog.answerSearch(q);

describe('did you mean, on the judged suggestions', () => {
  // 19 of 20 corrected at dfb8745 (0.95): the floor leaves a margin of one misspelling (0.05).
  it('corrects at least 90 % of the misspellings as judged', () => {
    const misses = MISSPELLINGS.filter((j) => ask(j.q).suggestion !== j.suggestion).map((j) => `${j.q} → ${ask(j.q).suggestion ?? 'none'}`);
    expect(1 - misses.length / MISSPELLINGS.length, misses.join('; ')).toBeGreaterThanOrEqual(0.9);
  });

  it('suggests nothing for words the catalog lacks ("cheap" never gets "help")', () => {
    expect(MISSING_WORDS.filter((j) => ask(j.q).suggestion !== undefined).map((j) => `${j.q} → ${ask(j.q).suggestion}`)).toEqual([]);
  });

  it('suggests only corrections close to each word typed that find templates', () => {
    for (const j of [...MISSPELLINGS, ...MISSING_WORDS]) {
      const suggestion = ask(j.q).suggestion;
      if (suggestion === undefined) continue;
      const [typed, fixed] = [j.q.split(' '), suggestion.split(' ')];
      expect(fixed.length, j.q).toBe(typed.length);
      typed.forEach((w, i) => expect(measureEdits(w, fixed[i]!, 3), `${w} → ${fixed[i]}`).toBeLessThanOrEqual(Math.max(1, allowedEdits(w))));
      expect(ask(suggestion).positions.length, suggestion).toBeGreaterThan(0);
    }
  });
});
