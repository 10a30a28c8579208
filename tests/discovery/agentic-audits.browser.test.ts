import lighthouse from 'lighthouse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, SITE_ORIGIN, SITE_SERVER_ENV } from '../helpers/browser.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { launchDebuggableChromium, type DebuggableChromium } from '../e2e/debuggable-chromium.ts';

/*
 * Lighthouse's Agentic Browsing category on the pages an agent meets: the accessibility tree,
 * the declarative and imperative WebMCP tools (Chromium's WebMCP switched on, so those audits
 * apply rather than skip), llms.txt and the ARD manifest. Each must score perfectly.
 */

const template = readBuiltCatalog().templates[0]!;
const PAGES = [
  { name: 'home (search box)', path: '/' },
  { name: 'search results', path: '/search?q=launch' },
  { name: 'template (studio form)', path: `/templates/${template.slug}` },
];

let server: RunningServer;
let chromium: DebuggableChromium;

describeWithChromium('Lighthouse Agentic Browsing audits', () => {
  beforeAll(async () => {
    server = await startServer(SITE_SERVER_ENV);
    chromium = await launchDebuggableChromium(server.url, ['--enable-features=WebMCP']);
  }, 60_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  /**
   * One Lighthouse run of the category. A run whose gathering failed (every audit in `error`,
   * the category unscored: seen once on the first page of a fresh Chromium) is run once more;
   * an audit that ran and scored below 1 is never retried.
   */
  async function audit(path: string) {
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(`${SITE_ORIGIN}${path}`, {
        port: chromium.port,
        hostname: '127.0.0.1',
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['agentic-browsing'],
        disableFullPageScreenshot: true,
      });
      const lhr = result!.lhr;
      const errored = Object.values(lhr.audits).filter((a) => a.scoreDisplayMode === 'error');
      if (!errored.length || attempt === 2) return { lhr, errored };
      console.warn(`agentic audits of ${path}: gathering failed (${errored.map((a) => `${a.id}: ${a.errorMessage}`).join('; ')}); running once more`);
    }
  }

  it.each(PAGES)('$name page: every agentic audit passes, WebMCP ones included', async ({ path }) => {
    const { lhr, errored } = await audit(path);
    expect(errored.map((a) => `${a.id}: ${a.errorMessage}`)).toEqual([]);
    expect(lhr.runtimeError, lhr.runtimeError?.message).toBeUndefined();
    const category = lhr.categories['agentic-browsing']!;
    const audits = category.auditRefs.map((ref) => lhr.audits[ref.id]!);
    const issues = (a: (typeof audits)[number]) => (a.details as { items?: { issue?: unknown }[] } | undefined)?.items?.map((i) => i.issue) ?? a.explanation;
    const notPerfect = audits.filter((a) => a.score !== null && a.score < 1).map((a) => `${a.id}: ${a.score} ${JSON.stringify(issues(a))}`);
    expect(notPerfect).toEqual([]);
    expect(category.score, JSON.stringify(audits.map((a) => [a.id, a.scoreDisplayMode, a.score]))).toBe(1);
    // The WebMCP audits ran (the flag is on), and the manifest was found where ARD says.
    expect(lhr.audits['webmcp-registered-tools']!.scoreDisplayMode).not.toBe('notApplicable');
    expect(lhr.audits['ard-schema']!.scoreDisplayMode).not.toBe('notApplicable');
    // Every form is annotated: the coverage audit passes as binary rather than listing forms (informative).
    expect(lhr.audits['webmcp-form-coverage']!.scoreDisplayMode).toBe('binary');
  }, 120_000);
});
