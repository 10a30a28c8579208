import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, startBrowserSite, watchPage, type BrowserSite } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';

let site: BrowserSite;
let page: Page;
let problems: string[];

/** The CSP violations the page reports, as `directive: blocked`. */
const collectViolations = (p: Page) =>
  p.evaluate(() => (window as unknown as { violations: string[] }).violations);

describeWithChromium("the pages' one CSP in Chromium", () => {
  beforeAll(async () => {
    site = await startBrowserSite();
    page = await site.open();
    problems = watchPage(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective}: ${e.blockedURI}`));
    });
  });
  afterAll(() => site?.close());

  it('leaves the JSON-LD data block alone (a data block is never executed) and runs the page scripts from files', async () => {
    const slug = readBuiltCatalog().templates[0]!.slug;
    await page.goto(`/templates/${slug}`);
    await page.waitForLoadState('load');
    const ld = await page.evaluate(() => JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as { '@type'?: unknown });
    expect(ld['@type']).toBeDefined();
    expect(await collectViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('still refuses an inline script, as before: none is allowed by hash or by unsafe-inline', async () => {
    await page.goto('/docs');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 50));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    expect(await collectViolations(page)).toEqual(['script-src-elem: inline']);
  });
});
