import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_ORIGIN, describeWithChromium, startBrowserSite, type BrowserSite } from '../helpers/browser.ts';
import type { HostPlay } from './gallery-host/host-page.ts';

/*
 * The catalog's MCP App in real Chromium, hosted by a test page that plays the host through
 * ext-apps' own AppBridge and the official MCP client (tests/mcp/gallery-host/host-page.ts):
 * the App is the `ui://` resource the server lists, its script the file the site serves, its
 * data the tool answers of the running server. What is checked is what a person sees and does.
 */

const HOST_PAGE = `${SITE_ORIGIN}/__gallery-host`;
/** Screenshots for people to look at (git-ignored; docs/testing.md names the folder). */
const SHOTS = join('test-results', 'screenshots');

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

interface RestTemplate {
  id: string;
  slug: string;
  title: string;
  tier: string;
  priceCents: number;
  durationSeconds: number;
  formats: string[];
}

describeWithChromium('the gallery MCP App, hosted through the AppBridge', () => {
  let site: BrowserSite;
  let hostScript: string;
  beforeAll(async () => {
    const bundle = await build({ entryPoints: ['tests/mcp/gallery-host/host-page.ts'], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false });
    hostScript = bundle.outputFiles[0]!.text;
    // The site is on loopback here; the App's frame (sandboxed: an opaque origin, counted as
    // public) may not load from loopback under Chromium's Local Network Access checks. Hosts
    // load it from the site's public address, so the checks are off for this test only.
    site = await startBrowserSite({ chromiumArgs: ['--disable-features=LocalNetworkAccessChecks'] });
  });
  afterAll(async () => {
    await site?.close();
  });

  const rest = async <T>(path: string) => (await (await fetch(`${site.server.url}${path}`)).json()) as T;

  /** A host page playing `play`; problems collects script errors and CSP refusals in the page and the App. */
  async function host(play: HostPlay): Promise<{ page: Page; app: FrameLocator; problems: string[] }> {
    const page = await site.open();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`script error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|Uncaught/.test(msg.text())) problems.push(msg.text());
    });
    await page.route(HOST_PAGE, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><body><script>${hostScript}</script></body></html>` }));
    await page.goto(HOST_PAGE);
    await page.evaluate((p) => window.playHost(p), play);
    return { page, app: page.frameLocator('iframe'), problems };
  }

  it('shows a poster, the title and the facts that decide a choice for each template a search answered', async () => {
    const { page, app, problems } = await host({ tool: 'search_templates', args: { query: 'countdown', limit: 3 }, sendResult: true });
    const { templates } = await rest<{ templates: RestTemplate[] }>('/api/v1/templates?q=countdown&limit=3');
    await expect.poll(() => app.locator('article').count(), { timeout: 10_000 }).toBe(templates.length);
    for (const [i, t] of templates.entries()) {
      const card = app.locator('article').nth(i);
      expect(await card.locator('h2').textContent()).toBe(t.title);
      expect(await card.locator('img').getAttribute('src')).toBe(`${SITE_ORIGIN}/posters/${t.slug}.png`);
      expect(await card.locator('img').getAttribute('alt')).toBe(`Poster: ${t.title}`);
      const facts = await card.locator('.facts li').allTextContents();
      expect(facts[0]).toBe(t.formats.join(' / '));
      expect(facts[1]).toBe(t.tier === 'free' ? 'Free' : `Premium, $${t.priceCents / 100} per export`);
      expect(facts[2]).toBe(`${Math.round(t.durationSeconds)} s`);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the studio link of a template through the host when "Open in the studio" is pressed', async () => {
    const { page, app } = await host({ tool: 'search_templates', args: { query: 'countdown', limit: 3 }, sendResult: true });
    const { templates } = await rest<{ templates: RestTemplate[] }>('/api/v1/templates?q=countdown&limit=3');
    await app.getByRole('button', { name: 'Open in the studio' }).nth(1).click();
    const { url } = await rest<{ url: string }>(`/api/v1/studio-link?template=${templates[1]!.id}`);
    await expect.poll(() => page.evaluate(() => window.openedLinks), { timeout: 10_000 }).toEqual([url]);
    await page.close();
  });

  it('opens a template page through the host, not inside its frame', async () => {
    const { page, app } = await host({ tool: 'get_template', args: { id: 'neon-countdown-launch' }, sendResult: true });
    await app.getByRole('link', { name: 'Neon Countdown Launch' }).click();
    await expect.poll(() => page.evaluate(() => window.openedLinks), { timeout: 10_000 }).toEqual([`${SITE_ORIGIN}/templates/neon-countdown-launch`]);
    await page.close();
  });

  it('shows get_template\'s template as one card', async () => {
    const { page, app } = await host({ tool: 'get_template', args: { id: 'neon-countdown-launch' }, sendResult: true });
    await expect.poll(() => app.locator('article h2').allTextContents(), { timeout: 10_000 }).toEqual(['Neon Countdown Launch']);
    expect(await app.locator('article img').getAttribute('src')).toBe(`${SITE_ORIGIN}/posters/neon-countdown-launch.png`);
    await page.close();
  });

  it('still shows the templates when the host sends the arguments but no result (as claude.ai does when a result has a resource link)', async () => {
    const { page, app, problems } = await host({ tool: 'search_templates', args: { query: 'launch', limit: 2 }, sendResult: false });
    const { templates } = await rest<{ templates: RestTemplate[] }>('/api/v1/templates?q=launch&limit=2');
    await expect.poll(() => app.locator('article h2').allTextContents(), { timeout: 10_000 }).toEqual(templates.map((t) => t.title));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('draws each poster at its own aspect ratio, readable titles and the button inside the frame (screenshot in test-results/screenshots)', async () => {
    const { page, app, problems } = await host({ tool: 'search_templates', args: { query: 'countdown', limit: 3 }, sendResult: true });
    await expect.poll(() => app.locator('article img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)), { timeout: 10_000 }).toBe(true);
    const frame = (await page.locator('iframe').boundingBox())!;
    for (const card of await app.locator('article').all()) {
      const img = card.locator('img');
      const box = (await img.boundingBox())!;
      const natural = await img.evaluate((i: HTMLImageElement) => ({ width: i.naturalWidth, height: i.naturalHeight }));
      expect(Math.abs(box.width / box.height - natural.width / natural.height)).toBeLessThan(0.02);
      const title = await card.locator('h2 a').evaluate((a) => {
        let bg = 'rgb(255, 255, 255)';
        for (let el: Element | null = a; el; el = el.parentElement) {
          const c = getComputedStyle(el).backgroundColor;
          if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') { bg = c; break; }
        }
        return { size: parseFloat(getComputedStyle(a).fontSize), color: getComputedStyle(a).color, bg };
      });
      expect(title.size).toBeGreaterThanOrEqual(14);
      expect(contrast(title.color, title.bg)).toBeGreaterThanOrEqual(4.5);
      const button = (await card.getByRole('button', { name: 'Open in the studio' }).boundingBox())!;
      expect(button.x).toBeGreaterThanOrEqual(frame.x);
      expect(button.y).toBeGreaterThanOrEqual(frame.y);
      expect(button.x + button.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(button.y + button.height).toBeLessThanOrEqual(frame.y + frame.height);
    }
    mkdirSync(SHOTS, { recursive: true });
    const body = (await app.locator('body').boundingBox())!;
    await page.screenshot({ path: join(SHOTS, 'mcp-gallery-in-host.png'), clip: { ...frame, height: Math.min(frame.height, body.height + 16) } });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is a script of at most 100 KB before compression', async () => {
    const script = await (await fetch(`${site.server.url}/mcp/gallery-app.js`)).text();
    expect(script.length).toBeGreaterThan(1000);
    expect(script.length).toBeLessThanOrEqual(100_000);
  });
});
