import { describe, expect, it } from 'vitest';
import { isNormalizedAs, normalizeQuery } from '../../../src/core/search/search-options.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

describe('isNormalizedAs', () => {
  it('agrees with normalizing the text, for titles and mixed white space, case and letters', () => {
    // Letters whose case or white space is Unicode's (İ lowers to two letters, a no-break space is white) beside ASCII's.
    const pieces = ['A', 'b', 'Z', ' ', '  ', '\t', '\n', '\u00a0', 'İ', 'Σ', 'é', '9', '-'];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % pieces.length;
    const texts = [...loadSampleCatalog().templates.map((t) => t.title), ...Array.from({ length: 3000 }, () => Array.from({ length: 1 + (next() % 7) }, () => pieces[next()]).join(''))];
    const queries = [...new Set(texts.map(normalizeQuery))];
    let equal = 0;
    for (const text of texts)
      for (const query of [normalizeQuery(text), ...queries.slice(0, 40), `${normalizeQuery(text)} x`, normalizeQuery(text).slice(0, -1)]) {
        const expected = normalizeQuery(text) === query;
        equal += Number(expected);
        expect(isNormalizedAs(text, query), JSON.stringify([text, query])).toBe(expected);
      }
    expect(equal).toBeGreaterThan(texts.length);
  });

  it('reads a title as a query that differs only in case and white space', () => {
    expect(isNormalizedAs('  Neon   COUNTDOWN\tLaunch ', 'neon countdown launch')).toBe(true);
    expect(isNormalizedAs('Neon Countdown', 'neon countdown launch')).toBe(false);
    expect(isNormalizedAs('Neon\u00a0Countdown', 'neon countdown')).toBe(true);
  });
});
