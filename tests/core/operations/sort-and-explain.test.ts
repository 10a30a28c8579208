import { describe, expect, it } from 'vitest';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { listQuerySchema } from '../../../src/schemas/queries.ts';
import { templateListSchema } from '../../../src/schemas/responses.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const prices = (q: string, sort?: 'relevance' | 'newest' | 'price' | 'duration') => listTemplates(catalog, { q, ...(sort ? { sort } : {}) }).templates.map((t) => t.priceCents);
const isRising = (xs: readonly number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

describe('listTemplates', () => {
  it('gives every template of a search its matched words and the answer its unmatched words, in the schema', () => {
    const list = listTemplates(catalog, { q: 'lanch countdown', limit: 5 });
    expect(list.unmatched).toEqual([]);
    expect(list.templates[0]!.matched!.map((m) => m.word).sort()).toEqual(['countdown', 'lanch']);
    for (const t of list.templates) expect(t.matched!.length).toBeGreaterThan(0);
    expect(list.templates[0]!.matched).toContainEqual({ word: 'lanch', how: 'typo', term: 'launch' });
    expect(templateListSchema.safeParse(list).success).toBe(true);
  });

  it('says how each word matched: prefix for the last word being typed, filter for a constraint, meaning for a word the catalog lacks', () => {
    expect(listTemplates(catalog, { q: 'podc', limit: 1 }).templates[0]!.matched).toEqual([{ word: 'podc', how: 'prefix', term: 'podcast' }]);
    expect(listTemplates(catalog, { q: 'free countdown', limit: 1 }).templates[0]!.matched).toContainEqual({ word: 'free', how: 'filter', term: 'free' });
    expect(listTemplates(catalog, { q: 'jogging', limit: 1 }).templates[0]!.matched).toEqual([{ word: 'jogging', how: 'meaning', term: 'workout' }]);
  });

  it('leaves matched and unmatched out without q (the list as v1 had it)', () => {
    const list = listTemplates(catalog, { limit: 3 });
    expect(list.unmatched).toBeUndefined();
    expect(list.templates.every((t) => !('matched' in t))).toBe(true);
  });

  it('sorts by price (free first, then rising), duration (shortest first) and newest', () => {
    expect(isRising(prices('launch', 'price'))).toBe(true);
    expect(isRising(listTemplates(catalog, { q: 'launch', sort: 'duration' }).templates.map((t) => t.durationSeconds))).toBe(true);
    const newest = listTemplates(catalog, { q: 'launch', sort: 'newest' }).templates.map((t) => t.publishedAt);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it('reads price words as sort=price unless sort is given, and keeps "free" a filter', () => {
    for (const word of ['cheap', 'cheapest', 'budget', 'affordable', 'inexpensive', 'low-cost']) {
      const list = listTemplates(catalog, { q: `${word} instagram story` });
      expect(list.sort, word).toBe('price');
      expect(isRising(list.templates.map((t) => t.priceCents)), word).toBe(true);
      expect(list.understood?.sort).toEqual({ text: word, value: 'price', use: 'applied' });
    }
    expect(listTemplates(catalog, { q: 'cheap' }).total).toBe(catalog.templates.length);
    const given = listTemplates(catalog, { q: 'cheap launch', sort: 'duration' });
    expect(given.sort).toBe('duration');
    expect(given.understood?.sort?.use).toBe('overridden');
    expect(listTemplates(catalog, { q: 'free launch' }).templates.every((t) => t.tier === 'free')).toBe(true);
  });

  it('refuses another sort value', () => {
    expect(listQuerySchema.safeParse({ sort: 'popular' }).success).toBe(false);
  });

  it('reads format words in both numbers and youtube as 16:9; names facts no template records as unmatched', () => {
    const total = (q: string) => listTemplates(catalog, { q }).total;
    expect(total('reel')).toBe(total('reels'));
    expect(total('story')).toBe(total('stories'));
    expect(total('short')).toBe(total('shorts'));
    expect(listTemplates(catalog, { q: 'instagram reel' }).understood?.filters.format).toBe('9:16');
    expect(listTemplates(catalog, { q: 'youtube' }).understood?.filters.format).toBe('16:9');
    expect(listTemplates(catalog, { q: 'square 1:1' }).unmatched).toEqual(['square', '1:1']);
    expect(listTemplates(catalog, { q: 'product launch 4k' }).unmatched).toEqual(['4k']);
  });

  it('suggests what the results show: "blak fridy" → "black friday"', () => {
    expect(listTemplates(catalog, { q: 'blak fridy' }).suggestion).toBe('black friday');
  });
});
