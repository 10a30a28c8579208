import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../../src/core/catalog/catalog.ts';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { createTemplateSearch } from '../../../src/core/search/create-template-search.ts';
import { loadSearchIndex, serializeSearchIndex, type SearchIndex } from '../../../src/core/search/search-index.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const shared = catalog;
const search = (q: string, index: SearchIndex = catalog.index) => createTemplateSearch(index, catalog.templates)(q).ids;
const mentions = (word: string) =>
  catalog.templates.filter((t) => `${t.title} ${t.tags?.join(' ')}`.toLowerCase().includes(word)).map((t) => t.id);

describe('createTemplateSearch', () => {
  it('ranks the template whose title is the query first, for every title', () => {
    for (const t of catalog.templates) expect(search(t.title)[0], t.title).toBe(t.id);
    expect(search('  neon   COUNTDOWN launch ')[0]).toBe(catalog.byRef.get('neon-countdown-launch')?.id);
  });

  it('finds every countdown template from the prefix "count"', () => {
    const countdowns = mentions('countdown');
    expect(countdowns.length).toBeGreaterThan(2);
    expect(search('count')).toEqual(expect.arrayContaining(countdowns));
  });

  it('finds testimonials despite the typo "testimonail"', () => {
    const testimonials = catalog.templates.filter((t) => t.category === 'testimonial').map((t) => t.id);
    const hits = search('testimonail');
    expect(hits).toEqual(expect.arrayContaining(testimonials));
    expect(testimonials).toContain(hits[0]);
  });

  it('matches every word of a multi-word query first', () => {
    const blackFriday = mentions('black friday');
    expect(blackFriday).toHaveLength(2);
    expect(search('black friday').slice(0, 2).sort()).toEqual(blackFriday.sort());
    expect(search('friday countdown')[0]).toBe(catalog.byRef.get('black-friday-countdown')?.id);
  });

  it('falls back to any word when no template matches them all', () => {
    const hits = search('webinar unicornzzz');
    expect(hits).toContain(catalog.byRef.get('webinar-registration-countdown')?.id);
  });

  it('finds nothing for text no template contains', () => {
    expect(search('qwxzvbn')).toEqual([]);
  });

  it('searches example brands and category labels too', () => {
    const withBrand = catalog.templates.find((t) => t.examples?.length)!;
    expect(search(withBrand.examples![0]!.brand)).toContain(withBrand.id);
    expect(search('hiring').length).toBeGreaterThanOrEqual(catalog.templates.filter((t) => t.category === 'hiring').length);
  });

  it('answers the same after the index is serialized and loaded, as the server does', () => {
    const loaded = loadSearchIndex(serializeSearchIndex(catalog.index));
    expect(loaded.ids).toHaveLength(catalog.templates.length);
    for (const q of ['count', 'testimonail', 'black friday', 'Neon Countdown Launch']) expect(search(q, loaded)).toEqual(search(q));
  });
});

describe('listTemplates search with filters', () => {
  it('keeps only matches of the tier, category and format asked for, in relevance order', () => {
    const free = listTemplates(catalog, { q: 'countdown', tier: 'free' });
    expect(free.count).toBeGreaterThan(0);
    expect(free.templates.every((t) => t.tier === 'free')).toBe(true);
    expect(free.templates.map((t) => t.id)).toEqual(search('countdown').filter((id) => catalog.byRef.get(id)?.tier === 'free'));

    const vertical = listTemplates(catalog, { q: 'launch', category: 'product-launch', format: '9:16' });
    expect(vertical.count).toBeGreaterThan(0);
    expect(vertical.templates.every((t) => t.category === 'product-launch' && t.formats.includes('9:16'))).toBe(true);
  });

  it('counts facets over all matches, not just the page', () => {
    const page = listTemplates(catalog, { q: 'launch', limit: 2 });
    expect(page.count).toBe(2);
    const tiers = Object.values(page.facets!.tier).reduce((a, b) => a + b, 0);
    expect(tiers).toBe(page.total);
  });
});

describe('catalog.search', () => {
  it('remembers a query asked twice, however it is spaced or cased, and answers it from memory', () => {
    // A catalog of its own: the shared one has answered this query in other files already.
    const catalog = createCatalog(shared.categories, shared.templates, shared.index, shared.filterWords, { topicalPairs: shared.topicalPairs });
    const first = catalog.search('Black Friday');
    expect(first.length).toBeGreaterThan(0);
    const second = catalog.search('  black   FRIDAY ');
    expect(second).not.toBe(first); // asked once so far: computed again, now kept
    expect(second).toEqual(first);
    expect(catalog.search('BLACK friday')).toBe(second);
  });
});
