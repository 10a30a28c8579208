import { STATUS_CODES } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, settlePage, startBrowserSite, watchPage, type BrowserSite } from '../helpers/browser.ts';
import { PAGE_TYPES } from './page-types.ts';

/** A small phone: where layouts break first. */
const PHONE_WIDTH = 390;

let site: BrowserSite;
/** One phone-sized page for every page type, and what went wrong on it since the last type. */
let page: Page;
let problems: string[];

describeWithChromium('every page type loads cleanly', () => {
  beforeAll(async () => {
    site = await startBrowserSite();
    page = await site.open({ viewport: { width: PHONE_WIDTH, height: 844 } });
    problems = watchPage(page);
  });
  afterAll(() => site?.close());

  // One page type at a time on one long-lived page: three at a time in fresh contexts cost
  // 37 s for this file in CI on 2 cores.
  it.each(PAGE_TYPES)('$name ($path): its status, no console error or failed request, fits a phone', async ({ path, status }) => {
    problems.length = 0;
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    expect(response?.statusText(), 'the reason phrase matches the status').toBe(STATUS_CODES[status]);
    // Lazy images below the fold count too.
    await settlePage(page);
    expect(await page.title()).not.toBe('');
    const overflow = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      culprits: [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !el.closest('pre, .table-scroll'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    }));
    expect(overflow.width, `sticks out sideways: ${overflow.culprits.join(', ')}`).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(problems).toEqual([]);
  });
});
