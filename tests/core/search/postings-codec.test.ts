import { describe, expect, it } from 'vitest';
import { decodePostings, decodePostingsLazily, encodePostings, fillAll, flattenPostings } from '../../../src/core/search/postings-codec.ts';
import { createPrng } from '../../../scripts/lib/prng.ts';

describe('encodePostings', () => {
  it('round-trips docs and scores (to 1/64) through bytes', () => {
    const prng = createPrng(3);
    const lists = Array.from({ length: 50 }, () => {
      const docs = [...new Set(Array.from({ length: 1 + prng.int(40) }, () => prng.int(5000)))];
      return docs.map((doc) => ({ doc, score: prng.int(20000) / 100 }));
    });
    const flat = flattenPostings(lists);
    const back = decodePostings(encodePostings(flat), lists.length, 5000);
    expect(back.starts).toEqual(flat.starts);
    expect(back.docs).toEqual(flat.docs);
    expect(back.scores).toEqual(flat.scores);
    lists.forEach((list, w) => {
      const sorted = [...list].sort((a, b) => a.doc - b.doc);
      expect([...back.docs.subarray(back.starts[w]!, back.starts[w + 1]!)]).toEqual(sorted.map((p) => p.doc));
      sorted.forEach((p, i) => expect(Math.abs(back.scores[back.starts[w]! + i]! - p.score)).toBeLessThanOrEqual(1 / 128));
    });
  });

  it('refuses truncated bytes, trailing bytes and templates the index does not have', () => {
    const bytes = encodePostings(flattenPostings([[{ doc: 3, score: 1 }], [{ doc: 9, score: 2 }]]));
    expect(() => decodePostings(bytes.subarray(0, bytes.length - 1), 2, 10)).toThrow(/truncated/);
    expect(() => decodePostings(Uint8Array.from([...bytes, 0]), 2, 10)).toThrow(/trailing/);
    expect(() => decodePostings(bytes, 2, 5)).toThrow(/does not have/);
    // One posting whose gap is 2^32 - 1: past any catalog, not wrapped into one.
    expect(() => decodePostings(Uint8Array.from([1, 0xff, 0xff, 0xff, 0xff, 0x0f, 1, 0]), 1, 10)).toThrow(/does not have/);
  });
});

describe('decodePostingsLazily', () => {
  const prng = createPrng(7);
  const lists = Array.from({ length: 30 }, () => [...new Set(Array.from({ length: 1 + prng.int(60) }, () => prng.int(9000)))].map((doc) => ({ doc, score: prng.int(9000) / 100 })));
  const bytes = encodePostings(flattenPostings(lists));
  const eager = decodePostings(bytes, lists.length, 9000);
  const wordOf = (p: { starts: Int32Array; docs: Int32Array; scores: Float32Array }, w: number) => [[...p.docs.subarray(p.starts[w]!, p.starts[w + 1]!)], [...p.scores.subarray(p.starts[w]!, p.starts[w + 1]!)]];

  it('knows every word’s place at once, and decodes a word’s docs and scores when filled, as the whole decode does', () => {
    const lazy = decodePostingsLazily(bytes, lists.length, 9000);
    expect(lazy.starts).toEqual(eager.starts);
    lazy.fill!([3, 17]);
    for (const w of [3, 17]) expect(wordOf(lazy, w), `word ${w}`).toEqual(wordOf(eager, w));
    expect([...lazy.docs.subarray(lazy.starts[4]!, lazy.starts[5]!)].every((d) => d === 0)).toBe(true);
    fillAll(lazy);
    expect(lazy.docs).toEqual(eager.docs);
    expect(lazy.scores).toEqual(eager.scores);
  });

  it('refuses counts that do not fit at once, and a word that does not decode when filled', () => {
    expect(() => decodePostingsLazily(bytes.subarray(0, bytes.length - 1), lists.length, 9000)).toThrow(/truncated/);
    expect(() => decodePostingsLazily(Uint8Array.from([...bytes, 0]), lists.length, 9000)).toThrow(/trailing/);
    const small = decodePostingsLazily(bytes, lists.length, 10);
    expect(() => small.fill!([0])).toThrow(/does not have/);
  });
});
