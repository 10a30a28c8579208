import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSearchPage } from '../../../src/components/catalog/plan-search-page.ts';
import { fillSearchShell } from '../../../src/function/fill-search-shell.ts';
import { WasmHtmlRewriter } from '../../../src/function/wasm-rewriter.ts';
import { SITE_ORIGIN, describeWithChromium, settlePage, startBrowserSite, type BrowserSite } from '../../helpers/browser.ts';
import { readBuiltFile } from '../../helpers/build-data.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

/*
 * /search is planned once (planSearchView) and drawn three ways: the Astro page the origin
 * serves, the home page's markup filled by the edge function (fillSearchShell, as the function
 * answers /search where Astro cannot run) and the browser script after typing. One query, all
 * three, the DOMs of <main> compared after normalising what may differ (attribute order,
 * whitespace, a lazy poster's `loading`, the server-rendered state in `data-state`, the card
 * markup kept in <template>, Astro's style-scoping attributes: the shell is another page's markup).
 */

/** A filtered search, a typo, a plain word, and (with the search branch) a word no template mentions. */
const QUERIES = ['free vertical under 15 seconds', 'lanch', 'countdown', 'halloween sale'];

/** <main> as a list of lines: each element with its sorted attributes and its own text. */
function readMain(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = (el: Element, depth: number) => {
      if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(el.tagName)) return;
      const attrs = [...el.attributes]
        .filter((a) => !['loading', 'data-state', 'aria-busy'].includes(a.name) && !a.name.startsWith('data-astro-cid-'))
        .map((a) => (el instanceof HTMLInputElement && a.name === 'value' ? `value=${el.value}` : `${a.name}=${a.value}`));
      if (el instanceof HTMLInputElement && !el.hasAttribute('value') && el.value) attrs.push(`value=${el.value}`);
      const text = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').replace(/\s+/g, ' ').trim();
      out.push(`${'  '.repeat(depth)}<${el.tagName.toLowerCase()} ${attrs.sort().join(' ')}>${text}`);
      for (const child of el.children) walk(child, depth + 1);
    };
    walk(document.querySelector('main')!, 0);
    return out;
  });
}

describeWithChromium('planSearchView drawn three ways', () => {
  let site: BrowserSite;
  const catalog = loadSampleCatalog();
  beforeAll(async () => {
    site = await startBrowserSite();
  });
  afterAll(() => site?.close());

  for (const q of QUERIES) {
    describe(`“${q}”`, () => {
      it('the Astro page, the function\'s filled shell and the browser script after typing draw the same <main>', { timeout: 120_000 }, async () => {
        const address = `/search?${new URLSearchParams({ q })}`;
        const astro = await site.open({ javaScriptEnabled: false });
        await astro.goto(address);
        const fromAstro = await readMain(astro);

        const shell = await fillSearchShell(WasmHtmlRewriter, readBuiltFile('index.html'), planSearchPage(catalog, new URL(address, SITE_ORIGIN).searchParams), SITE_ORIGIN);
        const filled = await site.open({ javaScriptEnabled: false });
        await filled.route(`${SITE_ORIGIN}/__shell`, (route) => route.fulfill({ contentType: 'text/html', body: shell }));
        await filled.goto('/__shell');
        const fromShell = await readMain(filled);

        const typed = await site.open();
        await typed.goto('/search');
        await settlePage(typed);
        await typed.getByRole('searchbox', { name: 'Search templates' }).fill(q);
        await typed.waitForURL(`**${address}`);
        await expect.poll(() => typed.locator('.catalog__results[aria-busy]').count()).toBe(0);
        const fromScript = await readMain(typed);

        expect(fromShell).toEqual(fromAstro);
        expect(fromScript).toEqual(fromAstro);
        for (const p of [astro, filled, typed]) await p.context().close();
      });
    });
  }

  it('shows one heading per state, the same typed as loaded', { timeout: 120_000 }, async () => {
    const page = await site.open();
    await page.goto('/search');
    await settlePage(page);
    const headings = () => page.locator('main').getByRole('heading').filter({ hasNot: page.locator('.card') }).evaluateAll((hs) => hs.filter((h) => !h.closest('.card')).map((h) => `${h.tagName}:${h.textContent?.trim()}`));
    const empty = await headings();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('launch');
    await page.waitForURL('**/search?q=launch');
    await expect.poll(() => page.locator('.catalog__results[aria-busy]').count()).toBe(0);
    const typed = await headings();
    await page.goto('/search?q=launch');
    expect(await headings()).toEqual(typed);
    expect(typed).toEqual(['H1:Search templates', 'H2:Search results']);
    expect(empty).toEqual(['H1:All templates', 'H2:Newest first']);
    await page.context().close();
  });
});
