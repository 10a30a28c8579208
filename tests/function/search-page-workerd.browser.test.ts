import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startWorkerd, type RunningFunction } from '../../scripts/lib/start-function.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, describeWithChromium, mapOriginArg, SITE_ORIGIN, watchPage } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { fetchExpected, filterChip, readResults } from '../e2e/catalog-page.ts';

const category = readBuiltCatalog().categories[0]!;
let fn: RunningFunction;
let browser: Browser;

/** A page of the site as workerd serves it (wrangler dev, the shipped config), at the build's address. */
async function open(javaScriptEnabled: boolean): Promise<{ page: Page; problems: string[] }> {
  const page = await (await browser.newContext({ baseURL: SITE_ORIGIN, javaScriptEnabled })).newPage();
  return { page, problems: watchPage(page) };
}

/** The grid shows what the API lists for `query`. */
async function expectResults(page: Page, query: Record<string, string>): Promise<void> {
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(query);
  expect((await readResults(page)).titles).toEqual((await fetchExpected(fn.url, query)).titles);
}

describeWithChromium('/search as the function on workerd answers it', () => {
  beforeAll(async () => {
    fn = await startWorkerd(inject('distDir'));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, mapOriginArg(fn.url)] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await fn?.stop();
  });

  it('shows the results, the correction and the filters without JavaScript, and its links lead on', async () => {
    const { page, problems } = await open(false);
    await page.goto('/search?q=lanch');
    await expectResults(page, { q: 'lanch' });
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Search templates');
    await Promise.all([page.waitForURL('**/search?q=launch'), page.getByRole('link', { name: 'launch', exact: true }).click()]);
    await expectResults(page, { q: 'launch' });
    await Promise.all([page.waitForURL('**/search?**category=**'), filterChip(page, 'Category', category.label).click()]);
    await expectResults(page, { q: 'launch', category: category.id });
    expect(await filterChip(page, 'Category', category.label).getAttribute('aria-current')).toBe('true');
    expect(problems).toEqual([]);
  });

  it('loads results in place as the person types, from the page the function filled', async () => {
    const { page, problems } = await open(true);
    await page.goto('/search?q=launch');
    await expectResults(page, { q: 'launch' });
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('countdown');
    await page.waitForURL('**/search?q=countdown');
    await expectResults(page, { q: 'countdown' });
    expect(problems).toEqual([]);
  });
});
