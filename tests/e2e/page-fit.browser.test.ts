import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, settlePage, startBrowserSite, type BrowserSite } from '../helpers/browser.ts';
import { PAGE_TYPES } from './page-types.ts';

/*
 * Pages fit phones: at 320, 360 and 390 px no page of any type scrolls sideways and no element's
 * right edge passes the viewport (content inside its own scrolling box aside), including /search
 * with filters read from words, where the filter summary and chips are longest.
 */

const WIDTHS = [320, 360, 390];
/** Screenshots for people to look at (git-ignored; docs/testing.md names the folder). */
const SHOTS = join('test-results', 'screenshots');
const PAGES = [
  ...PAGE_TYPES.map(({ name, path }) => ({ name, path })),
  { name: 'search with filters read from words', path: '/search?q=free+vertical+under+15+seconds' },
  { name: 'search with filters read from words, filters open', path: '/search?q=free+vertical+under+15+seconds+with+music', open: true },
];

/** The page's width against the viewport's, and what sticks out past its right edge. */
function measure(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    // Inside a box that scrolls or clips sideways, content stays inside that box.
    const contained = (from: Element | null) => {
      for (let up = from; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const sticksOut = [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5 && !contained(el.parentElement);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} (right ${Math.round(el.getBoundingClientRect().right)}): ${el.textContent?.trim().slice(0, 40)}`);
    // Text that runs past its own box (a long unbroken word) has no element of its own.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 0.5 && !contained(node.parentElement) && node.parentElement!.getClientRects().length) sticksOut.push(`text (right ${Math.round(box.right)}): ${node.textContent!.trim().slice(0, 40)}`);
    }
    return { width, scrollWidth: document.scrollingElement!.scrollWidth, sticksOut };
  });
}

describeWithChromium('pages at phone widths', () => {
  let site: BrowserSite;
  let page: Page;
  beforeAll(async () => {
    site = await startBrowserSite();
    page = await site.open();
  });
  afterAll(() => site?.close());

  for (const width of WIDTHS) {
    for (const { name, path, open } of PAGES) {
      it(`${name} at ${width} px: nothing scrolls or sticks out sideways`, { timeout: 60_000 }, async () => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await settlePage(page);
        if (open) await page.locator('[data-role="filters-sheet"] summary').click();
        const layout = await measure(page);
        if (process.env.FIT_DEBUG) console.log(path, width, JSON.stringify(layout, null, 1));
        expect(layout.sticksOut, `sticks out at ${path}`).toEqual([]);
        expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
        if (width === 390 && path.includes('under+15+seconds')) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: join(SHOTS, `search-words-390${open ? '-open' : ''}.png`), fullPage: Boolean(open) });
        }
      });
    }
  }
});
