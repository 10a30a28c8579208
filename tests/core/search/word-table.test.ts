import { describe, expect, it } from 'vitest';
import { scanAsciiWords } from '../../../src/core/search/tokenize-text.ts';
import { WordTable } from '../../../src/core/search/word-table.ts';

/** The ids of a lower-case ASCII text's words, as the index build looks them up. */
const idsOf = (table: WordTable, text: string) => {
  const ids: number[] = [];
  scanAsciiWords(text, (s, from, to, hash, joined) => ids.push(table.idOfRange(s, from, to, hash, joined > 0)));
  return ids;
};

describe('WordTable', () => {
  it('gives a word one id however it was read: a range, a run-together chunk or a string', () => {
    const table = new WordTable();
    expect(idsOf(table, 'sign-up signup up')).toEqual([0, 1, 2, 2, 1]);
    expect(table.words).toEqual(['sign', 'up', 'signup']);
    expect([table.idOf('signup'), table.idOf('sign'), table.idOf('café')]).toEqual([2, 0, 3]);
  });

  it('keeps every id as it grows past its first slots', () => {
    const table = new WordTable();
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`);
    expect(idsOf(table, words.join(' '))).toEqual(words.map((_, i) => i));
    expect(idsOf(table, [...words].reverse().join(' '))).toEqual(words.map((_, i) => words.length - 1 - i));
    expect(table.words).toEqual(words);
  });
});
