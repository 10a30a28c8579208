import { describe, expect, it } from 'vitest';
import { EMPTY_STATE, type CatalogState } from '../../../src/components/catalog/catalog-state.ts';
import { describeFilterView } from '../../../src/components/catalog/filter-chips.ts';
import { planSearchView } from '../../../src/components/catalog/plan-search-view.ts';
import { findPrerenderedList, linkFromPrerendered } from '../../../src/components/catalog/prerendered-list.ts';
import { countListPages, toCategoryPagePath, toNewestPagePath } from '../../../src/core/links/list-pages.ts';
import { CATEGORY_LIMIT, HOME_LIMIT, SEARCH_PAGE_SIZE } from '../../../src/core/markdown/site-copy.ts';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { listSitePages } from '../../../src/contracts/published/list-site-pages.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const ids = catalog.categories.map((c) => c.id);
const category = catalog.categories[0]!;
const at = (changes: Partial<CatalogState>): CatalogState => ({ ...EMPTY_STATE, ...changes });

/** The ids each prerendered list page shows, by address, as the pages list them (home, /newest/N, /categories/{id}[/N]). */
function listPrerenderedPages(): Map<string, string[]> {
  const pages = new Map<string, string[]>();
  const add = (category: string | undefined, size: number, pathOf: (n: number) => string) => {
    const total = listTemplates(catalog, { category, limit: 1 }).total ?? 0;
    for (let n = 1; n <= countListPages(total, size); n++) {
      pages.set(pathOf(n), listTemplates(catalog, { category, limit: size, offset: (n - 1) * size }).templates.map((t) => t.id));
    }
  };
  add(undefined, HOME_LIMIT, toNewestPagePath);
  for (const c of ids) add(c, CATEGORY_LIMIT, (n) => toCategoryPagePath(c, n));
  return pages;
}

describe('findPrerenderedList', () => {
  it('sends a category to its page and the unfiltered list to the home', () => {
    expect(findPrerenderedList(at({ category: category.id }), ids)).toBe(`/categories/${category.id}`);
    expect(findPrerenderedList(EMPTY_STATE, ids)).toBe('/');
    expect(findPrerenderedList(at({ sort: 'newest' }), ids)).toBe('/');
  });

  it('sends every /search page of a plain list to a page the build prerenders, one that shows its first template', () => {
    const prerendered = listPrerenderedPages();
    const sitemap = new Set(listSitePages(catalog, new Date()).map((p) => p.path));
    for (const c of ['', ...ids]) {
      const total = listTemplates(catalog, { category: c || undefined, limit: 1 }).total ?? 0;
      for (let page = 1; page <= countListPages(total, SEARCH_PAGE_SIZE); page++) {
        const first = listTemplates(catalog, { category: c || undefined, limit: SEARCH_PAGE_SIZE, offset: (page - 1) * SEARCH_PAGE_SIZE }).templates[0];
        const path = findPrerenderedList(at({ category: c, page }), ids)!;
        expect(sitemap.has(path), path).toBe(true);
        if (first) expect(prerendered.get(path), `${c} page ${page}`).toContain(first.id);
      }
    }
  });

  it('leaves to /search what only a search lists: words, another filter, another order, a category the catalog lacks', () => {
    for (const state of [at({ q: 'launch' }), at({ tier: 'free' }), at({ category: category.id, format: '9:16' }), at({ sort: 'price' }), at({ category: 'no-such-category' })]) {
      expect(findPrerenderedList(state, ids), JSON.stringify(state)).toBeUndefined();
    }
  });
});

describe('linkFromPrerendered', () => {
  it('links the prerendered list where there is one, else the search', () => {
    expect(linkFromPrerendered(at({ category: category.id, page: 3 }), ids)).toBe(`/categories/${category.id}/2`);
    expect(linkFromPrerendered(at({ category: category.id, tier: 'free' }), ids)).toBe(`/search?category=${category.id}&tier=free`);
  });
});

describe('describeFilterView', () => {
  const hrefs = (state: CatalogState, prerendered: boolean) =>
    Object.fromEntries(describeFilterView(state, undefined, catalog.categories, prerendered).groups.flatMap((g) => g.chips.map((c) => [`${g.key}=${c.value}`, c.href])));

  it('on the home, links a category chip and Any to prerendered pages, and a chip only the search can answer to /search', () => {
    const home = hrefs(EMPTY_STATE, true);
    expect(home[`category=${category.id}`]).toBe(`/categories/${category.id}`);
    expect(home['category=']).toBe('/');
    expect(home['tier=free']).toBe('/search?tier=free');
    expect(hrefs(at({ tier: 'free' }), true)['tier=']).toBe('/');
    expect(hrefs(at({ tier: 'free' }), true)[`category=${category.id}`]).toBe(`/search?category=${category.id}&tier=free`);
  });

  it('on /search, which only the function serves, keeps every chip a search', () => {
    expect(hrefs(EMPTY_STATE, false)[`category=${category.id}`]).toBe(`/search?category=${category.id}`);
    expect(hrefs(at({ tier: 'free' }), false)['tier=']).toBe('/search');
  });
});

describe('planSearchView', () => {
  it('sends "See all" on the home to the next prerendered page of the newest list', () => {
    const answer = { total: catalog.templates.length, templates: catalog.templates.slice(0, HOME_LIMIT) };
    const place = { pageSize: SEARCH_PAGE_SIZE, headingEmpty: 'Newest', categories: catalog.categories };
    expect(planSearchView(EMPTY_STATE, answer, { ...place, home: true }).seeAllHref).toBe('/newest/2');
    expect(planSearchView(EMPTY_STATE, answer, { ...place, home: false }).seeAllHref).toBe('/search');
  });
});
