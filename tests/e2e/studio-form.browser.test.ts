import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, startBrowserSite, watchPage, type BrowserSite } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startStudioStandIn, type StudioStandIn } from './studio-stand-in.ts';

const template = readBuiltCatalog().templates.find((t) => t.formats.length > 1)!;

let studio: StudioStandIn;
let site: BrowserSite;

/** The studio link the REST API builds for the same choice (one implementation for both). */
async function fetchStudioLink(query: Record<string, string>): Promise<string> {
  const res = await fetch(`${site.server.url}/api/v1/studio-link?${new URLSearchParams(query)}`);
  return ((await res.json()) as { url: string }).url;
}

const siteField = (page: Page) => page.getByRole('textbox', { name: 'Your website' });
const openButton = (page: Page) => page.getByRole('button', { name: 'Open in the studio' });

describeWithChromium('studio form on a template page', () => {
  beforeAll(async () => {
    studio = await startStudioStandIn();
    site = await startBrowserSite({ env: { STUDIO_URL: studio.origin }, hostRules: [studio.hostRule] });
  });
  afterAll(async () => {
    await site?.close();
    await studio?.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';

    it(`opens the studio link for acme.com and the chosen format (${mode}), through a 302 from /studio`, async () => {
      const page = await site.open({ javaScriptEnabled });
      const problems = watchPage(page);
      await page.goto(`/templates/${template.slug}`);
      await siteField(page).fill('acme.com');
      await page.getByRole('radio', { name: /9:16/ }).check();
      const studioRequest = page.waitForRequest((req) => req.url().startsWith(studio.origin) && req.isNavigationRequest());
      await openButton(page).click();

      const request = await studioRequest;
      const link = await fetchStudioLink({ template: template.id, site: 'acme.com', format: '9:16' });
      expect(link).toMatch(new RegExp(`^${studio.origin}/`));
      expect(request.url()).toBe(link);
      const hop = request.redirectedFrom()!;
      expect(new URL(hop.url()).pathname).toBe('/studio');
      expect((await hop.response())?.status()).toBe(302);
      await page.waitForURL(link);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Studio stand-in');
      expect(studio.opened).toContain(link);
      expect(problems).toEqual([]);
    });

    it(`sends the person back with the reason when the website is not a domain (${mode}), then opens the studio once fixed`, async () => {
      const page = await site.open({ javaScriptEnabled });
      const problems = watchPage(page);
      await page.goto(`/templates/${template.slug}`);
      await siteField(page).fill('localhost');
      const [response] = await Promise.all([
        page.waitForResponse((res) => new URL(res.url()).pathname === '/studio' && res.request().isNavigationRequest()),
        openButton(page).click(),
      ]);
      expect(response.status()).toBe(400);
      await page.waitForLoadState();
      expect(await page.getByRole('alert').innerText()).toContain('The studio did not open.');
      expect(await siteField(page).inputValue()).toBe('localhost');
      expect(await siteField(page).getAttribute('aria-invalid')).toBe('true');
      const description = await siteField(page).evaluate((el) =>
        el.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      );
      expect(description).toMatch(/localhost/i);

      await siteField(page).fill('https://www.acme.com/pricing');
      await openButton(page).click();
      await page.waitForURL((url) => url.origin === studio.origin);
      expect(page.url()).toBe(await fetchStudioLink({ template: template.id, site: 'www.acme.com', format: template.formats[0]! }));
      expect(problems).toEqual([]);
    });
  }
});
