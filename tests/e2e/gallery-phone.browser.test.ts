import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, startBrowserSite, watchPage, type BrowserSite } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { dropFilter } from '../../src/core/search/drop-filter.ts';
import type { UnderstoodQuery } from '../../src/schemas/responses.ts';

const catalog = readBuiltCatalog();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const QUERY = 'free vertical launch';
let site: BrowserSite;

/** The first result's card and title, measured on the first screen (no scrolling). */
async function firstResultInView(page: Page): Promise<{ cardTop: number; titleBottom: number; scrolled: number }> {
  const card = page.getByRole('list', { name: /templates$/i }).getByRole('listitem').first();
  const box = (await card.boundingBox())!;
  const title = (await card.getByRole('heading').boundingBox())!;
  return { cardTop: box.y, titleBottom: title.y + title.height, scrolled: await page.evaluate(() => window.scrollY) };
}

/** The selected chip's value in each filter group, and the read-from note it carries. */
const selectedChips = (page: Page) =>
  page.locator('a[data-filter-key][aria-current="true"]').evaluateAll((chips: HTMLAnchorElement[]) =>
    Object.fromEntries(chips.map((c) => [c.dataset.filterKey, `${c.dataset.filterValue}${c.querySelector('[data-role="read-from"]')?.textContent ?? ''}`])));

async function understoodFor(q: string): Promise<UnderstoodQuery> {
  const res = await fetch(`${site.server.url}/api/v1/templates?${new URLSearchParams({ q, limit: '1' })}`);
  return ((await res.json()) as { understood: UnderstoodQuery }).understood;
}

describeWithChromium('the gallery on a phone, and honest filters', () => {
  beforeAll(async () => {
    site = await startBrowserSite();
  });
  afterAll(() => site?.close());

  it.each([
    ['home', '/'],
    ['category', `/categories/${catalog.categories[0]!.id}`],
    ['search', '/search?q=launch'],
  ])('%s page at 390x844: the first result and its title are on the first screen', async (_, path) => {
    const page = await site.open(PHONE);
    const problems = watchPage(page);
    await page.goto(path);
    const shown = await firstResultInView(page);
    expect(shown.scrolled).toBe(0);
    expect(shown.titleBottom).toBeLessThanOrEqual(844);
    expect(problems).toEqual([]);
  });

  it('folds the filters into a disclosure that opens and filters without JavaScript', async () => {
    const page = await site.open({ ...PHONE, javaScriptEnabled: false });
    await page.goto('/');
    const free = page.getByRole('navigation', { name: 'Filters' }).getByRole('link', { name: 'Free', exact: true });
    expect(await free.isVisible()).toBe(false);
    await page.locator('summary', { hasText: 'Filters' }).click();
    expect(await free.isVisible()).toBe(true);
    await free.click();
    await page.waitForURL(/\/search\?tier=free$/);
    expect(await page.locator('summary', { hasText: 'Filters' }).innerText()).toContain('Free');
  });

  it('shows the filters read from the words as selected chips on /search, as the answer\'s understood says', async () => {
    const understood = await understoodFor(QUERY);
    const page = await site.open({ viewport: { width: 1366, height: 900 } });
    await page.goto(`/search?${new URLSearchParams({ q: QUERY })}`);
    const read = (key: 'tier' | 'format') => understood.phrases.find((p) => p.use === 'applied' && p.filters[key])!;
    expect(await selectedChips(page)).toEqual({
      category: '',
      tier: `${understood.filters.tier} · from “${read('tier').text}”`,
      format: `${understood.filters.format} · from “${read('format').text}”`,
    });
  });

  it('shows the same chips while a person types, and Any drops that reading: the search without its words', async () => {
    const understood = await understoodFor(QUERY);
    const page = await site.open({ viewport: { width: 1366, height: 900 } });
    const problems = watchPage(page);
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(QUERY);
    await expect.poll(() => selectedChips(page)).toMatchObject({ tier: expect.stringMatching(/^free · from/), format: expect.stringMatching(/^9:16 · from/) });
    const without = dropFilter({ q: QUERY }, understood, 'tier').q;
    await page.getByRole('group', { name: 'Price' }).getByRole('link', { name: 'Any', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(without);
    await expect.poll(() => selectedChips(page)).toMatchObject({ tier: '', format: expect.stringMatching(/^9:16 · from/) });
    const answer = await fetch(`${site.server.url}/api/v1/templates?${new URLSearchParams({ q: without, limit: '24' })}`);
    const titles = ((await answer.json()) as { templates: { title: string }[] }).templates.map((t) => t.title);
    await expect.poll(() => page.getByRole('list', { name: 'Templates' }).getByRole('heading').allInnerTexts()).toEqual(titles);
    expect(problems).toEqual([]);
  });

  it('lists in /search.md the filters the chips show, each with the same search for Any', async () => {
    const md = await (await fetch(`${site.server.url}/search.md?${new URLSearchParams({ q: QUERY })}`)).text();
    const page = await site.open({ viewport: { width: 1366, height: 900 } });
    await page.goto(`/search?${new URLSearchParams({ q: QUERY })}`);
    expect(md).toContain('Filters read from the words:');
    for (const [group, name] of [['Price', 'price'], ['Format', 'format']] as const) {
      const any = new URL((await page.getByRole('group', { name: group }).getByRole('link', { name: 'Any', exact: true }).getAttribute('href'))!, 'http://localhost:4321');
      expect(md).toContain(`[any ${name}](http://localhost:4321/search.md${any.search})`);
    }
  });
});
