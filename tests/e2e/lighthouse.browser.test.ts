import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, SITE_ORIGIN, SITE_SERVER_ENV } from '../helpers/browser.ts';
import { launchDebuggableChromium, type DebuggableChromium } from './debuggable-chromium.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

const template = readBuiltCatalog().templates.find((t) => (t.examples?.length ?? 0) > 0) ?? readBuiltCatalog().templates[0]!;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'template', path: `/templates/${template.slug}` },
];
/** Minimum score (0–100) per Lighthouse category, default (mobile) profile. */
const TARGETS = { accessibility: 100, 'best-practices': 95, seo: 95, performance: 95 } as const;
type Category = keyof typeof TARGETS;
const QUIET = { pauseAfterFcpMs: 250, pauseAfterLoadMs: 250, networkQuietThresholdMs: 250, cpuQuietThresholdMs: 250 };

interface PageReport {
  url: string;
  scores: Record<Category, number>;
  /** Bytes over the wire for the page and everything it loaded (total-byte-weight). */
  transferBytes: number;
  requests: number;
  /** Lab metrics of the run (simulated mobile): milliseconds, CLS unitless. */
  metrics: Record<string, number>;
  /** Audits below a perfect score, for whoever reads a failure. */
  notPerfect: string[];
}

let server: RunningServer;
let chromium: DebuggableChromium;
const reports: Record<string, PageReport> = {};

describeWithChromium('Lighthouse (mobile profile)', () => {
  beforeAll(async () => {
    // Spawned: in this process the app would share an event loop with Lighthouse's own work.
    server = await startServer(SITE_SERVER_ENV);
    chromium = await launchDebuggableChromium(server.url);
  }, 60_000);
  afterAll(async () => {
    if (Object.keys(reports).length > 0) {
      mkdirSync('test-results', { recursive: true });
      writeFileSync(join('test-results', 'lighthouse.json'), `${JSON.stringify(reports, null, 2)}\n`);
    }
    await chromium?.close();
    await server?.stop();
  });

  it.each(PAGES)('$name page: accessibility 100, best practices, SEO and performance 95 or more', async ({ name, path }) => {
    const url = `${SITE_ORIGIN}${path}`;
    const result = await lighthouse(url, {
      port: chromium.port,
      hostname: '127.0.0.1',
      logLevel: 'error',
      output: 'json',
      onlyCategories: Object.keys(TARGETS),
      // The pages are static and served over loopback: nothing arrives after the load event,
      // so a quarter second of quiet is as sure as the default second and saves ~3 s a page.
      // The full-page screenshot is only for the HTML report, which nobody reads here.
      ...QUIET,
      disableFullPageScreenshot: true,
    });
    const lhr = result!.lhr;
    expect(lhr.runtimeError, lhr.runtimeError?.message).toBeUndefined();
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const notPerfect = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category.id}/${ref.id}: ${lhr.audits[ref.id]!.score} ${lhr.audits[ref.id]!.displayValue ?? ''}`.trim()),
    );
    const report: PageReport = {
      url,
      scores,
      transferBytes: Math.round(lhr.audits['total-byte-weight']?.numericValue ?? 0),
      requests: (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
      metrics: Object.fromEntries(
        ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [
          id,
          Math.round((lhr.audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000,
        ]),
      ),
      notPerfect,
    };
    reports[name] = report;
    console.log(`lighthouse ${name}: ${JSON.stringify(scores)}, ${report.transferBytes} bytes in ${report.requests} requests`);
    for (const [category, min] of Object.entries(TARGETS)) {
      expect(scores[category as Category], `${category} on ${path}; not perfect: ${notPerfect.join('; ')}`).toBeGreaterThanOrEqual(min);
    }
  }, 120_000);
});
