import { describe, expect, it } from 'vitest';
import { countFacets } from '../../../src/core/catalog/facet-codes.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();

/** The facets counted the plain way, straight from the templates. */
function countNaively(positions: readonly number[]) {
  const facets = { category: {} as Record<string, number>, tier: {} as Record<string, number>, format: {} as Record<string, number> };
  for (const p of positions) {
    const t = catalog.templates[p]!;
    facets.category[t.category] = (facets.category[t.category] ?? 0) + 1;
    facets.tier[t.tier] = (facets.tier[t.tier] ?? 0) + 1;
    for (const f of t.formats) facets.format[f] = (facets.format[f] ?? 0) + 1;
  }
  return facets;
}

describe('countFacets', () => {
  it('counts categories, tiers and formats as the templates themselves say, categories in order of first match', () => {
    const all = catalog.templates.map((_, i) => i);
    const everyThird = all.filter((i) => i % 3 === 0).reverse();
    for (const positions of [all, everyThird, [0], []]) {
      const counted = countFacets(catalog.facetCodes, positions);
      const naive = countNaively(positions);
      expect(counted).toEqual(naive);
      expect(Object.keys(counted.category)).toEqual(Object.keys(naive.category));
    }
  });
});
