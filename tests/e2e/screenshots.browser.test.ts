import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, settlePage, startBrowserSite, watchPage, type BrowserSite } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';

/** Written for people to look at (git-ignored); docs/testing.md names this folder. */
const OUT = join('test-results', 'screenshots');
// A template with examples and both formats shows every part of the template page.
const template = readBuiltCatalog().templates.find((t) => (t.examples?.length ?? 0) > 0 && t.formats.length > 1)!;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'template', path: `/templates/${template.slug}` },
];
const WIDTHS = [390, 1280];
const SCHEMES = ['light', 'dark'] as const;

let site: BrowserSite;
/** One page, resized and recoloured for each shot (a fresh context per shot cost ~1 s each), and what went wrong on it since the last shot. */
let page: Page;
let problems: string[];

describeWithChromium('screenshots', () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    site = await startBrowserSite();
    page = await site.open();
    problems = watchPage(page);
  });
  afterAll(() => site?.close());

  for (const { name, path } of PAGES) {
    for (const width of WIDTHS) {
      for (const colorScheme of SCHEMES) {
        it(`${name} at ${width} px, ${colorScheme}: fits the width, every image loads`, async () => {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme });
          problems.length = 0;
          await page.goto(path);
          await settlePage(page);
          const layout = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            sticksOut: [...document.body.querySelectorAll('*')]
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
              .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 30)}`),
            // Images drawn on the page (a motion preview is display:none, never fetched, until played).
            broken: [...document.images].filter((img) => img.getClientRects().length > 0 && (!img.complete || img.naturalWidth === 0)).map((img) => img.src),
          }));
          expect(layout.scrollWidth, `nothing sticks out sideways: ${layout.sticksOut.join('; ')}`).toBeLessThanOrEqual(width);
          expect(layout.broken).toEqual([]);
          await page.screenshot({ path: join(OUT, `${name}-${width}-${colorScheme}.png`), fullPage: true });
          expect(problems).toEqual([]);
        });
      }
    }
  }
});
