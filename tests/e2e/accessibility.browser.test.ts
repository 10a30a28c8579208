import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, startBrowserSite, type BrowserSite } from '../helpers/browser.ts';
import { PAGE_TYPES } from './page-types.ts';

const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core in the page; returns the serious and critical violations, readable. */
async function findSeriousViolations(page: Page): Promise<string[]> {
  // Evaluated through DevTools, so the page's CSP (no inline scripts) does not block it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  }) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(' | ')}`);
}

let site: BrowserSite;
/** One page for every page type, navigated afresh each time. */
let page: Page;

describeWithChromium('accessibility (axe-core)', () => {
  beforeAll(async () => {
    site = await startBrowserSite();
    page = await site.open();
  });
  afterAll(() => site?.close());

  // One page type at a time on one long-lived page: three at a time in fresh contexts took
  // 48-81 s for this file on 2 cores, against ~22 s like this.
  it.each(PAGE_TYPES)('$name ($path): no serious or critical violation, light and dark', async ({ path }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      if (colorScheme === 'light') await page.goto(path);
      expect(await findSeriousViolations(page), `${path} in ${colorScheme}`).toEqual([]);
    }
  });

  it('the home page after a live search stays free of violations (results rendered by the script)', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('zzqxv');
    await page.getByText('No templates match', { exact: true }).waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('launch');
    await page.getByRole('status').filter({ hasText: '“launch”' }).waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
  });
});
