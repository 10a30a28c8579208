import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, startBrowserSite, watchPage, type BrowserSite } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { fetchExpected, filterChip, readResults } from './catalog-page.ts';

const catalog = readBuiltCatalog();
const category = catalog.categories[0]!;
const formatCount = (f: string) => catalog.templates.filter((t) => t.formats.includes(f as never)).length;
const format = formatCount('9:16') <= formatCount('16:9') ? '9:16' : '16:9';
const FILTERS = [
  { group: 'Category', label: category.label, param: 'category', value: category.id },
  { group: 'Price', label: 'Free', param: 'tier', value: 'free' },
  { group: 'Format', label: format === '9:16' ? '9:16 vertical' : '16:9 landscape', param: 'format', value: format },
] as const;

let site: BrowserSite;
let page: Page;
let problems: string[];

async function openHome(): Promise<void> {
  page = await site.open();
  problems = watchPage(page);
  await page.goto('/');
}

/** Polls until the grid shows what the REST API answers for `query`. */
async function expectGridFor(query: Record<string, string>): Promise<number> {
  const expected = await fetchExpected(site.server.url, query);
  await expect.poll(async () => (await readResults(page)).titles, { timeout: 5_000 }).toEqual(expected.titles);
  return expected.total;
}

const search = () => new URL(page.url()).searchParams;

describeWithChromium('catalog browser with JavaScript', () => {
  beforeAll(async () => {
    site = await startBrowserSite();
  });
  afterAll(() => site?.close());

  it('narrows the grid while a person types, and the address keeps the search', async () => {
    await openHome();
    const all = (await readResults(page)).titles.length;
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('launch');
    await expect.poll(() => search().get('q')).toBe('launch');
    const total = await expectGridFor({ q: 'launch' });
    expect(total).toBeLessThan(catalog.templates.length);
    expect((await readResults(page)).count).toContain(`${total} templates for “launch”`);
    expect((await readResults(page)).titles.length).toBeLessThanOrEqual(all);

    await page.reload();
    await expectGridFor({ q: 'launch' });
    expect(await page.getByRole('searchbox', { name: 'Search templates' }).inputValue()).toBe('launch');
    expect(problems).toEqual([]);
  });

  it.each(FILTERS)('the $group filter $label narrows the grid and is kept in the address', async ({ group, label, param, value }) => {
    await openHome();
    await filterChip(page, group, label).click();
    await expect.poll(() => search().get(param)).toBe(value);
    const total = await expectGridFor({ [param]: value });
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(catalog.templates.length);
    expect(await filterChip(page, group, label).getAttribute('aria-current')).toBe('true');

    await page.reload();
    await expectGridFor({ [param]: value });
    expect(await filterChip(page, group, label).getAttribute('aria-current')).toBe('true');
    expect(problems).toEqual([]);
  });

  it('combines search and filters, and Back and Forward restore each step', async () => {
    await openHome();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('launch');
    await expectGridFor({ q: 'launch' });
    // The category of the last result, so that the category really narrows the search.
    const last = (await readResults(page)).titles.at(-1);
    const launchCategory = catalog.templates.find((t) => t.title === last)!;
    const label = catalog.categories.find((c) => c.id === launchCategory.category)!.label;
    await filterChip(page, 'Category', label).click();
    const inCategory = await expectGridFor({ q: 'launch', category: launchCategory.category });
    await filterChip(page, 'Price', 'Free').click();
    await expectGridFor({ q: 'launch', category: launchCategory.category, tier: 'free' });
    expect(Object.fromEntries(search())).toEqual({ q: 'launch', category: launchCategory.category, tier: 'free' });

    await page.goBack();
    expect(Object.fromEntries(search())).toEqual({ q: 'launch', category: launchCategory.category });
    expect(await expectGridFor({ q: 'launch', category: launchCategory.category })).toBe(inCategory);
    expect(await filterChip(page, 'Price', 'Any').getAttribute('aria-current')).toBe('true');

    await page.goBack();
    expect(Object.fromEntries(search())).toEqual({ q: 'launch' });
    await expectGridFor({ q: 'launch' });
    expect(await filterChip(page, 'Category', 'All').getAttribute('aria-current')).toBe('true');

    await page.goForward();
    await expectGridFor({ q: 'launch', category: launchCategory.category });
    expect(problems).toEqual([]);
  });

  it('pages through every template on /search, the page number in the address', async () => {
    page = await site.open();
    problems = watchPage(page);
    await page.goto('/search');
    await expectGridFor({});
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next →' }).click();
    await expect.poll(() => search().get('page')).toBe('2');
    await expectGridFor({ offset: '24' });
    expect((await readResults(page)).count).toMatch(/^Showing 25–\d+ of \d+ templates\.$/);
    await page.goBack();
    await expectGridFor({});
    expect(problems).toEqual([]);
  });
});
