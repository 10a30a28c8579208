import { describe, expect, it } from 'vitest';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();

describe('listTemplates', () => {
  it('returns every template newest first without a query', () => {
    const list = listTemplates(catalog, {});
    expect(list.count).toBe(catalog.templates.length);
    expect(list.total).toBe(list.count);
    const dates = list.templates.map((t) => Date.parse(t.publishedAt!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('narrows by category, tier and format together', () => {
    const list = listTemplates(catalog, { category: 'event', tier: 'free', format: '16:9' });
    expect(list.count).toBeGreaterThan(0);
    for (const t of list.templates) {
      expect(t.category).toBe('event');
      expect(t.tier).toBe('free');
      expect(t.formats).toContain('16:9');
    }
  });

  it('counts facets over all matches, not only the page', () => {
    const list = listTemplates(catalog, { tier: 'premium', limit: 2 });
    expect(list.count).toBe(2);
    expect(list.facets!.tier).toEqual({ premium: list.total });
    const perCategory = Object.values(list.facets!.category).reduce((a, b) => a + b, 0);
    expect(perCategory).toBe(list.total);
  });

  it('pages with limit and offset over a stable order', () => {
    const all = listTemplates(catalog, {}).templates.map((t) => t.id);
    const page = listTemplates(catalog, { limit: 5, offset: 5 });
    expect(page.templates.map((t) => t.id)).toEqual(all.slice(5, 10));
    expect(page).toMatchObject({ limit: 5, offset: 5, count: 5, total: all.length });
  });

  it('returns an empty page past the last match', () => {
    const list = listTemplates(catalog, { offset: 10_000, limit: 10 });
    expect(list).toMatchObject({ count: 0, templates: [], total: catalog.templates.length });
  });

  it('puts an exact title match first', () => {
    const target = catalog.templates[7]!;
    const list = listTemplates(catalog, { q: target.title.toUpperCase() });
    expect(list.templates[0]!.id).toBe(target.id);
  });

  it('finds by example brand and by tag', () => {
    const withBrand = catalog.templates.find((t) => t.examples?.length)!;
    const brand = withBrand.examples![0]!.brand;
    expect(listTemplates(catalog, { q: brand }).templates.map((t) => t.id)).toContain(withBrand.id);
    expect(listTemplates(catalog, { q: 'black friday' }).templates[0]!.tags).toContain('black friday');
  });

  it('answers an unmatched query with no templates rather than everything', () => {
    expect(listTemplates(catalog, { q: 'zzqxv' }).count).toBe(0);
  });
});
