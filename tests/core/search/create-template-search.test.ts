import { describe, expect, it } from 'vitest';
import { createTemplateSearch } from '../../../src/core/search/create-template-search.ts';
import { normalizeQuery } from '../../../src/core/search/search-index.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const QUERIES = ['launch', 'neon countdown', 'black friday sale', 'testimonail video', 'app store promo', 'hiring team culture', 'coun', 'webinar invite speaker', 'zzqxv launch', 'unboxing', 'neon webinar hiring unboxing', 'zzqxv qqzz'];

/** MiniSearch's own answer to the whole query: AND, or else the OR hits that match the most words. */
function searchWhole(q: string) {
  const and = catalog.index.search(q);
  if (and.length) return and;
  const or = catalog.index.search(q, { combineWith: 'OR' });
  const most = Math.max(0, ...or.map((h) => h.queryTerms.length));
  return or.filter((h) => h.queryTerms.length === most);
}

describe('createTemplateSearch', () => {
  it('finds exactly what MiniSearch finds for the whole query', () => {
    const search = createTemplateSearch(catalog.index, catalog.templates);
    for (const q of QUERIES) {
      expect(new Set(search(q)), q).toEqual(new Set(searchWhole(q).map((h) => h.id)));
    }
  });

  it("orders hits by MiniSearch's score, after exact title matches", () => {
    const search = createTemplateSearch(catalog.index, catalog.templates);
    for (const q of QUERIES) {
      const score = new Map(searchWhole(q).map((h) => [h.id as string, h.score]));
      const titled = new Set(catalog.templates.filter((t) => normalizeQuery(t.title) === normalizeQuery(q)).map((t) => t.id));
      const ranked = search(q).filter((id) => !titled.has(id)).map((id) => score.get(id)!);
      for (let i = 1; i < ranked.length; i++) expect(ranked[i]!, q).toBeLessThanOrEqual(ranked[i - 1]! * (1 + 1e-9));
    }
  });

  it('gives the same answer from memory as from a fresh search', () => {
    const warm = createTemplateSearch(catalog.index, catalog.templates);
    for (const q of QUERIES) warm(q);
    for (const q of QUERIES) expect(warm(`  ${q.toUpperCase()} `)).toEqual(createTemplateSearch(catalog.index, catalog.templates)(q));
  });
});
