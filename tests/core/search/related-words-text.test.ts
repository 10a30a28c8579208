import { describe, expect, it } from 'vitest';
import type { RelatedWords } from '../../../src/core/search/relate-words.ts';
import { readRelatedWords, writeRelatedWords } from '../../../src/core/search/related-words-text.ts';

const related: RelatedWords = new Map([
  ['jog', [['workout', 0.36], ['fitness', 0.2]]],
  ['apparel', [['fashion', 0.18]]],
  ['app', [['mobile', 0.5]]],
  ['appa', [['x y', 0.1]]],
  ['b', [['summer', 1]]],
]);

describe('readRelatedWords', () => {
  const lookup = readRelatedWords(writeRelatedWords(related));

  it('finds every word written, with its terms in order', () => {
    expect(lookup.size).toBe(related.size);
    for (const [word, terms] of related) expect(lookup.get(word), word).toEqual(terms);
  });

  it('finds nothing for a word not written, its prefixes and extensions included', () => {
    for (const word of ['', 'a', 'ap', 'appar', 'apparels', 'jo', 'joga', 'c', 'zzz', 'b\t']) expect(lookup.get(word), word).toBeUndefined();
  });

  it('reads an empty section as no words', () => {
    expect(readRelatedWords('').size).toBe(0);
    expect(readRelatedWords('').get('jog')).toBeUndefined();
  });
});

describe('writeRelatedWords', () => {
  it('writes the same bytes whatever the order the words came in', () => {
    expect(writeRelatedWords(new Map([...related].reverse()))).toBe(writeRelatedWords(related));
  });
});
