import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, startBrowserSite, watchPage, type BrowserSite } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';

const template = readBuiltCatalog().templates[0]!;
let site: BrowserSite;

/** Whether the card's or page's motion poster is drawn, and loaded. */
const motionState = (preview: Locator) =>
  preview.locator('.preview__motion').evaluate((img: HTMLImageElement) => ({ drawn: getComputedStyle(img).display !== 'none', loaded: img.complete && img.naturalWidth > 0 }));

/** Two pictures of the preview a moment apart: different while it plays, equal while it is still. */
async function framesDiffer(preview: Locator): Promise<boolean> {
  const first = await preview.screenshot({ animations: 'allow' });
  await new Promise((r) => setTimeout(r, 700));
  const second = await preview.screenshot({ animations: 'allow' });
  return !first.equals(second);
}

async function openHome(options: Parameters<BrowserSite['open']>[0] = {}): Promise<{ page: Page; problems: string[]; card: Locator }> {
  const page = await site.open({ viewport: { width: 1366, height: 900 }, ...options });
  const problems = watchPage(page);
  const motionRequests: string[] = [];
  page.on('request', (req) => req.url().endsWith('.motion.svg') && motionRequests.push(req.url()));
  await page.goto('/');
  await page.waitForLoadState('load');
  expect(motionRequests, 'no motion poster is fetched before a preview plays').toEqual([]);
  return { page, problems, card: page.getByRole('list', { name: 'Templates' }).getByRole('listitem').first() };
}

describeWithChromium('motion previews', () => {
  beforeAll(async () => {
    site = await startBrowserSite();
  });
  afterAll(() => site?.close());

  it('a card plays its motion poster on hover, and stops when the pointer leaves', async () => {
    const { page, problems, card } = await openHome();
    const preview = card.locator('.preview');
    expect(await motionState(preview)).toEqual({ drawn: false, loaded: false });
    await card.hover();
    await expect.poll(() => motionState(preview)).toEqual({ drawn: true, loaded: true });
    expect(await framesDiffer(preview)).toBe(true);
    await page.mouse.move(0, 0);
    await expect.poll(() => motionState(preview).then((s) => s.drawn)).toBe(false);
    expect(problems).toEqual([]);
  });

  it('a card plays on keyboard focus of its link', async () => {
    const { page, card } = await openHome();
    const link = card.getByRole('link');
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab'); // focus by keyboard, so :focus-visible holds
    await expect.poll(() => motionState(card.locator('.preview'))).toEqual({ drawn: true, loaded: true });
  });

  it('nothing moves under prefers-reduced-motion: hover shows the still poster only', async () => {
    const { problems, card } = await openHome({ reducedMotion: 'reduce' });
    const preview = card.locator('.preview');
    await card.hover();
    await new Promise((r) => setTimeout(r, 300));
    expect(await motionState(preview)).toEqual({ drawn: false, loaded: false });
    expect(await framesDiffer(preview)).toBe(false);
    expect(problems).toEqual([]);
  });

  it('on a touch screen a tap on the play switch plays the preview without leaving the page', async () => {
    const { page, card } = await openHome({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const play = card.getByRole('switch', { name: `Play the preview of ${(await card.getByRole('heading').innerText()).trim()}` });
    // One play sign per card: the poster's art draws one, so the switch says "Preview" in words.
    const sign = await card.locator('.preview__play').evaluate((l) => ({ mark: getComputedStyle(l, '::before').display, words: getComputedStyle(l, '::after').content }));
    expect(sign).toEqual({ mark: 'none', words: '"Preview" / ""' });
    await play.tap();
    await expect.poll(() => motionState(card.locator('.preview'))).toEqual({ drawn: true, loaded: true });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await play.isChecked()).toBe(true);
  });

  it('the template page plays its poster through its visible switch', async () => {
    const page = await site.open({ viewport: { width: 1366, height: 900 } });
    const problems = watchPage(page);
    await page.goto(`/templates/${template.slug}`);
    const preview = page.locator('.detail__poster .preview');
    expect(await motionState(preview)).toEqual({ drawn: false, loaded: false });
    await page.getByRole('switch', { name: `Play the preview of ${template.title}` }).check();
    await expect.poll(() => motionState(preview)).toEqual({ drawn: true, loaded: true });
    expect(await framesDiffer(preview)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('draws a 9:16 example upright and a 16:9 one wide', async () => {
    const withTall = readBuiltCatalog().templates.find((t) => t.examples?.some((e) => e.format === '9:16'));
    const page = await site.open({ viewport: { width: 1366, height: 900 } });
    await page.goto(`/templates/${withTall!.slug}`);
    const shapes = await page.locator('.examples img').evaluateAll((imgs: HTMLImageElement[]) =>
      imgs.map((img) => { img.scrollIntoView(); const r = img.getBoundingClientRect(); return r.height > r.width ? '9:16' : '16:9'; }));
    expect(shapes).toEqual(withTall!.examples!.map((e) => (e.format === '9:16' ? '9:16' : '16:9')));
  });
});
