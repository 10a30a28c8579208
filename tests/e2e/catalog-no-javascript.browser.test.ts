import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, startBrowserSite, watchPage, type BrowserSite } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { CATEGORY_LIMIT } from '../../src/core/markdown/site-copy.ts';
import { fetchExpected, filterChip, readResults } from './catalog-page.ts';

const catalog = readBuiltCatalog();
const category = catalog.categories[0]!;

let site: BrowserSite;
let page: Page;
let problems: string[];

/** The address is /search with exactly these parameters, and the grid is what the API lists. */
async function expectSearchPage(query: Record<string, string>): Promise<number> {
  const url = new URL(page.url());
  expect(url.pathname).toBe('/search');
  expect(Object.fromEntries(url.searchParams)).toEqual(query);
  const expected = await fetchExpected(site.server.url, query);
  expect((await readResults(page)).titles).toEqual(expected.titles);
  return expected.total;
}

describeWithChromium('catalog browser without JavaScript', () => {
  beforeAll(async () => {
    site = await startBrowserSite();
    page = await site.open({ javaScriptEnabled: false });
    problems = watchPage(page);
  });
  afterAll(() => site?.close());

  it('searches with the plain GET form to /search', async () => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('launch');
    await Promise.all([page.waitForURL('**/search?**'), page.getByRole('button', { name: 'Search', exact: true }).click()]);
    const total = await expectSearchPage({ q: 'launch' });
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(catalog.templates.length);
    expect((await readResults(page)).count).toContain(`${total} templates for “launch”`);
  });

  it('narrows with filter links, each one kept in the address with the search', async () => {
    await filterChip(page, 'Category', category.label).click();
    const inCategory = await expectSearchPage({ q: 'launch', category: category.id });
    await filterChip(page, 'Price', 'Free').click();
    const free = await expectSearchPage({ q: 'launch', category: category.id, tier: 'free' });
    expect(free).toBeLessThanOrEqual(inCategory);
    await filterChip(page, 'Format', '9:16 vertical').click();
    await expectSearchPage({ q: 'launch', category: category.id, tier: 'free', format: '9:16' });
    expect(await filterChip(page, 'Format', '9:16 vertical').getAttribute('aria-current')).toBe('true');
  });

  it('keeps the filters when the search words change', async () => {
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('countdown');
    await Promise.all([page.waitForURL('**/search?**q=countdown**'), page.getByRole('searchbox').press('Enter')]);
    await expectSearchPage({ q: 'countdown', category: category.id, tier: 'free', format: '9:16' });
  });

  it('goes back through every step with Back', async () => {
    await page.goBack();
    await expectSearchPage({ q: 'launch', category: category.id, tier: 'free', format: '9:16' });
    await page.goBack();
    await expectSearchPage({ q: 'launch', category: category.id, tier: 'free' });
    await page.goBack();
    await expectSearchPage({ q: 'launch', category: category.id });
    await page.goBack();
    await expectSearchPage({ q: 'launch' });
    expect(problems).toEqual([]);
  });

  it('opens a category chip of the home page at its prerendered page', async () => {
    await page.goto('/');
    await filterChip(page, 'Category', category.label).click();
    await page.waitForURL(`**/categories/${category.id}`);
    const expected = await fetchExpected(site.server.url, { category: category.id }, CATEGORY_LIMIT);
    expect(await page.getByRole('list', { name: `${category.label} templates` }).getByRole('heading').allInnerTexts()).toEqual(expected.titles);
    expect(problems).toEqual([]);
  });

  it('narrows by each filter alone from the home page', async () => {
    for (const [group, label, query] of [
      ['Price', 'Premium', { tier: 'premium' }],
      ['Format', '16:9 landscape', { format: '16:9' }],
    ] as const) {
      await page.goto('/');
      await filterChip(page, group, label).click();
      const total = await expectSearchPage(query);
      expect(total, label).toBeGreaterThan(0);
      expect(total, label).toBeLessThan(catalog.templates.length);
    }
    expect(problems).toEqual([]);
  });
});
