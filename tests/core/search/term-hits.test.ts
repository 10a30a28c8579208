import { describe, expect, it } from 'vitest';
import { intersectTermHits, unionMostTermHits, type RankedHits, type TermHits } from '../../../src/core/search/term-hits.ts';
import { createPrng } from '../../../scripts/lib/prng.ts';

/** A word hitting `count` random templates of 400 (positions ascending), with random scores. */
function randomHits(prng: ReturnType<typeof createPrng>, count: number): TermHits {
  const docs = new Set<number>();
  while (docs.size < count) docs.add(prng.int(400));
  const sorted = Int32Array.from(docs).sort();
  return { docs: sorted, scores: Float64Array.from(sorted, () => 1 + prng.int(1000) / 100) };
}

/** The obvious way: a Map per word. */
function naive(lists: readonly TermHits[], all: boolean): Map<number, number> {
  const totals = new Map<number, { score: number; matched: number }>();
  for (const l of lists) l.docs.forEach((d, i) => {
    const t = totals.get(d) ?? { score: 0, matched: 0 };
    totals.set(d, { score: t.score + l.scores[i]!, matched: t.matched + 1 });
  });
  const most = all ? lists.length : Math.max(0, ...[...totals.values()].map((t) => t.matched));
  return new Map([...totals].filter(([, t]) => t.matched === most).map(([d, t]) => [d, t.score * most]));
}

const asMap = (r: RankedHits) => new Map(r.docs.map((d, i) => [d, r.scores[i]!]));

describe('intersectTermHits', () => {
  it('finds exactly the templates every word hits, with summed scores times the words', () => {
    const prng = createPrng(11);
    for (let round = 0; round < 200; round++) {
      const lists = Array.from({ length: 1 + prng.int(4) }, () => randomHits(prng, 1 + prng.int(300)));
      const got = asMap(intersectTermHits(lists));
      const want = naive(lists, true);
      expect([...got.keys()].sort((a, b) => a - b)).toEqual([...want.keys()].sort((a, b) => a - b));
      for (const [d, s] of want) expect(got.get(d)).toBeCloseTo(s, 9);
    }
  });

  it('finds nothing for no words', () => {
    expect(intersectTermHits([]).docs).toEqual([]);
  });
});

describe('unionMostTermHits', () => {
  it('finds the templates hit by the most words, scored by that number', () => {
    const prng = createPrng(12);
    for (let round = 0; round < 100; round++) {
      const lists = Array.from({ length: 1 + prng.int(8) }, () => randomHits(prng, 1 + prng.int(60)));
      const got = asMap(unionMostTermHits(lists, 400));
      const want = naive(lists, false);
      expect(new Set(got.keys())).toEqual(new Set(want.keys()));
      for (const [d, s] of want) expect(got.get(d)).toBeCloseTo(s, 9);
    }
  });
});
