import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { hasNginx, startNginx, type RunningNginx } from '../../scripts/lib/nginx.ts';
import { findFreePort } from '../../scripts/lib/redis-server.ts';
import { readConfig } from '../../src/config/read-config.ts';
import { CATEGORY_LIMIT } from '../../src/core/markdown/site-copy.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, mapOriginArg, SITE_ORIGIN } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { describeNeeding } from '../helpers/describe-needing.ts';
import { filterChip } from './catalog-page.ts';

/**
 * A person on the static half alone: the shipped nginx template over the test build's client
 * folder, its function address answering nothing (a port no one listens on), as when the
 * function is stopped. The home's chips still reach a category's templates, with and without
 * JavaScript; what only the search answers says so.
 */
const catalog = readBuiltCatalog();
const category = catalog.categories[0]!;
/** The titles the category's first prerendered page lists: its templates, newest first. */
const categoryTitles = catalog.templates.filter((t) => t.category === category.id).slice(0, CATEGORY_LIMIT).map((t) => t.title);

const MISSING = 'Chromium, nginx or envsubst is missing: install chromium, nginx-light and gettext-base (.ci/run does).';

describeNeeding('Chromium, nginx and envsubst', existsSync(CHROMIUM_PATH) && hasNginx(), MISSING, 'filter chips on a static host without the function', () => {
  const work = mkdtempSync(join(tmpdir(), 'static-chips-'));
  let nginx: RunningNginx;
  let browser: Browser;

  beforeAll(async () => {
    const config = readConfig({ SITE_URL: SITE_ORIGIN }); // the test build's addresses
    const nobody = `http://127.0.0.1:${await findFreePort()}`;
    nginx = await startNginx(work, { CATALOG_ROOT: join(inject('distDir'), 'client'), CATALOG_FUNCTION: nobody, CATALOG_SITE_URL: config.SITE_URL, CATALOG_MEDIA_URL: config.MEDIA_URL, CATALOG_STUDIO_URL: config.STUDIO_URL });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, mapOriginArg(nginx.url)] });
  });
  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const open = async (javaScriptEnabled: boolean): Promise<Page> => (await browser.newContext({ baseURL: SITE_ORIGIN, javaScriptEnabled })).newPage();
  const listedTitles = (page: Page) => page.getByRole('list', { name: `${category.label} templates` }).getByRole('heading').allInnerTexts();

  it.each([true, false])('reaches a category and its templates from the home by its chip (JavaScript %s)', async (javaScriptEnabled) => {
    const page = await open(javaScriptEnabled);
    await page.goto('/');
    await filterChip(page, 'Category', category.label).click();
    await page.waitForURL(`**/categories/${category.id}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(category.label);
    expect(await listedTitles(page)).toEqual(categoryTitles);

    const title = categoryTitles[0]!;
    await Promise.all([page.waitForURL('**/templates/**'), page.getByRole('link', { name: title }).first().click()]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    if (javaScriptEnabled) {
      await page.goBack();
      await page.goBack();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/'); // Back skips the state that could not load
    }
    await page.context().close();
  });

  it('says in place that the search is unavailable when a chip needs it, and Any goes back to the home (JavaScript on)', async () => {
    const page = await open(true);
    await page.goto('/');
    await filterChip(page, 'Price', 'Free').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/unavailable/);
    expect(new URL(page.url()).search).toBe('?tier=free');
    await filterChip(page, 'Price', 'Any').click();
    await page.waitForURL((url) => url.pathname === '/' && !url.search);
    await expect.poll(() => page.getByRole('alert').isHidden()).toBe(true); // the home itself, loaded again
    expect(await filterChip(page, 'Price', 'Any').getAttribute('aria-current')).toBe('true');
    await page.context().close();
  });

  it('answers a chip that needs the search with the 503 page, whose categories lead on (JavaScript off)', async () => {
    const page = await open(false);
    await page.goto('/');
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().includes('/search?tier=free')), filterChip(page, 'Price', 'Free').click()]);
    expect(answer.status()).toBe(503);
    await Promise.all([page.waitForURL(`**/categories/${category.id}`), page.getByRole('link', { name: new RegExp(`^${category.label}\\b`) }).first().click()]);
    expect(await listedTitles(page)).toEqual(categoryTitles);
    await page.context().close();
  });
});
