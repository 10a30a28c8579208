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

describe('listTemplates with constraints written in q', () => {
  it('answers only templates meeting them, and says what it read and which words it matched', () => {
    const list = listTemplates(catalog, { q: 'free vertical launch under 20 seconds' });
    expect(list.total).toBeGreaterThan(0);
    for (const t of list.templates) expect([t.tier, t.formats.includes('9:16'), t.durationSeconds <= 20]).toEqual(['free', true, true]);
    expect(list.understood).toMatchObject({ summary: 'free, vertical, under 20 s', words: 'launch', filters: { tier: 'free', format: '9:16', durationSeconds: { below: 20 } } });
    expect(list.facets!.tier).toEqual({ free: list.total });
  });

  it('lets a tier or format parameter win over a word, and says so', () => {
    const list = listTemplates(catalog, { q: 'free launch', tier: 'premium' });
    expect(list.total).toBeGreaterThan(0);
    expect(list.templates.every((t) => t.tier === 'premium')).toBe(true);
    expect(list.understood!.phrases).toEqual([expect.objectContaining({ text: 'free', use: 'overridden', note: 'tier=premium was given' })]);
    expect(list.understood!.summary).toBe('');
  });

  it('never relaxes a constraint: when they leave nothing the answer is empty and names the one to drop', () => {
    const list = listTemplates(catalog, { q: 'free vertical launch under 5 s', category: 'product-launch' });
    expect(list).toMatchObject({ total: 0, templates: [] });
    const phrases = list.understood!.phrases;
    const drop = phrases.find((p) => p.text === 'under 5 s')!;
    expect(drop.matchesWithout).toBe(listTemplates(catalog, { q: drop.queryWithout!, category: 'product-launch' }).total);
    expect(drop.matchesWithout).toBeGreaterThan(0);
    expect(phrases.filter((p) => p.text !== 'under 5 s').every((p) => p.matchesWithout === 0)).toBe(true);
  });

  it('carries "did you mean" over the whole query, constraint words kept', () => {
    expect(listTemplates(catalog, { q: 'free prodcut lanuch under 30 s' }).suggestion).toBe('free product launch under 30 s');
  });

  it('has no understood field when q has no constraint words', () => {
    expect(listTemplates(catalog, { q: 'product launch' })).not.toHaveProperty('understood');
  });
});

