import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, SITE_ORIGIN, SITE_SERVER_ENV } from '../helpers/browser.ts';
import { launchDebuggableChromium, type DebuggableChromium } from './debuggable-chromium.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { readOwnScriptTime } from './read-own-script-time.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

const template = readBuiltCatalog().templates.find((t) => (t.examples?.length ?? 0) > 0) ?? readBuiltCatalog().templates[0]!;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'template', path: `/templates/${template.slug}` },
];
/**
 * Minimum score (0–100) per Lighthouse category, default (mobile) profile. Performance has a
 * floor only: its total-blocking-time counts Chromium's own main-thread work per navigation
 * (context set-up, parser, first layout), which on the 2-core machine with Debian's Chromium
 * 156.0.8078.108 alone is 250–515 ms of simulated TBT on any page, even the template page with
 * its one script taken out (89–93 there, 84–93 with it; measured 2026-11-25). What the page controls is held
 * exactly below (PAGE_METRICS, and OWN_SCRIPT_MS).
 */
const TARGETS = { accessibility: 100, 'best-practices': 95, seo: 95, performance: 80 } as const;
/** Performance audits the page's own bytes decide: each must score 0.9 or more. */
const PAGE_METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'cumulative-layout-shift', 'speed-index'] as const;
/** The lab metrics kept in test-results/lighthouse.json. */
const METRICS = [...PAGE_METRICS, 'total-blocking-time'];
/**
 * Most milliseconds our JavaScript may run in one task, at the profile's CPU slowdown: under a
 * long task's 50 ms, so no task is long because of our code (tests/e2e/read-own-script-time.ts
 * says why this is read from the trace rather than from Lighthouse's long-tasks list).
 */
const OWN_SCRIPT_MS = 50;
const RUNS = 3;
/**
 * Lighthouse's own "something went wrong with recording the trace … please run Lighthouse again"
 * codes (core/lib/lh-error.js): the trace Chromium recorded lacks an event, which says nothing of
 * the page. Such a run is taken again, at most TRACE_RETRIES times; any other runtime error fails
 * at once.
 */
const TRACE_ERRORS = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL']);
const TRACE_RETRIES = 2;
type Category = keyof typeof TARGETS;
type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
const QUIET = { pauseAfterFcpMs: 250, pauseAfterLoadMs: 250, networkQuietThresholdMs: 250, cpuQuietThresholdMs: 250 };

interface PageReport {
  url: string;
  scores: Record<Category, number>;
  /** Bytes over the wire for the page and everything it loaded (total-byte-weight). */
  transferBytes: number;
  requests: number;
  /** Lab metrics of the run (simulated mobile): milliseconds, CLS unitless. */
  metrics: Record<string, number>;
  /** Lighthouse's score (0–1) of each of PAGE_METRICS. */
  metricScores: Record<string, number>;
  /** The longest our JavaScript ran in one task (observed × the profile's CPU slowdown). */
  ownScriptMs: number;
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

  // Lighthouse scores vary from run to run on a shared machine (its docs advise several runs and
  // their median): every page is run three times and judged on the median of each score, so one
  // lucky run cannot hide two failing ones; each run is printed.
  it.each(PAGES)('$name page: accessibility 100, best practices and SEO 95 or more, and the page\'s own performance metrics (median of three runs)', async ({ name, path }) => {
    const runs: PageReport[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const report = await auditPage(`${SITE_ORIGIN}${path}`);
      runs.push(report);
      console.log(`lighthouse ${name} (run ${run}): ${JSON.stringify(report.scores)}, ${report.transferBytes} bytes in ${report.requests} requests, our JavaScript ${report.ownScriptMs} ms at most in one task; fails alone: ${JSON.stringify(judgeReport(report))}`);
    }
    const median = reports[name] = takeMedianReport(runs);
    expect(judgeReport(median), `${path}; not perfect in the median run: ${median.notPerfect.join('; ')}`).toEqual([]);
  }, 300_000);
});

/** The middle of an odd number of values. */
const medianOf = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The runs summed up as one: the median of each category score, metric, metric score and
 * our scripts' longest run. The rest (bytes, requests, what was not
 * perfect) is the run whose performance score is the median's.
 */
function takeMedianReport(runs: PageReport[]): PageReport {
  const pick = <K extends string>(keys: readonly K[], read: (r: PageReport) => Record<K, number>) => Object.fromEntries(keys.map((k) => [k, medianOf(runs.map((r) => read(r)[k]))])) as Record<K, number>;
  const scores = pick(Object.keys(TARGETS) as Category[], (r) => r.scores);
  const middle = runs.find((r) => r.scores.performance === scores.performance) ?? runs[0]!;
  const ownScriptMs = medianOf(runs.map((r) => r.ownScriptMs));
  return { ...middle, scores, metrics: pick(METRICS, (r) => r.metrics), metricScores: pick(PAGE_METRICS, (r) => r.metricScores), ownScriptMs };
}

/** One Lighthouse run of `url`, summed up; taken again when Lighthouse lost its trace. */
async function auditPage(url: string): Promise<PageReport> {
  let result = await runLighthouse(url);
  for (let retry = 1; retry <= TRACE_RETRIES && TRACE_ERRORS.has(result.lhr.runtimeError?.code ?? ''); retry++) {
    console.log(`lighthouse ${url}: ${result.lhr.runtimeError!.code}, Lighthouse lost its trace; run again (${retry} of ${TRACE_RETRIES})`);
    result = await runLighthouse(url);
  }
  const lhr = result.lhr;
  expect(lhr.runtimeError, lhr.runtimeError?.message).toBeUndefined();
  return summarizeRun(url, result);
}

/** One Lighthouse run of `url` in the shared Chromium, with the quiet windows above. */
async function runLighthouse(url: string): Promise<RunnerResult> {
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
  return result!;
}

/** The same summary from one run's result. */
function summarizeRun(url: string, result: RunnerResult): PageReport {
  const lhr = result.lhr;
  const audit = (id: string) => lhr.audits[id];
  const slowdown = lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1;
  return {
    url,
    scores: Object.fromEntries(Object.keys(TARGETS).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>,
    transferBytes: Math.round(audit('total-byte-weight')?.numericValue ?? 0),
    requests: (audit('network-requests')?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
    metrics: Object.fromEntries(METRICS.map((id) => [id, Math.round((audit(id)?.numericValue ?? Number.NaN) * 1000) / 1000])),
    metricScores: Object.fromEntries(PAGE_METRICS.map((id) => [id, audit(id)?.score ?? 0])),
    ownScriptMs: Math.round(readOwnScriptTime(result.artifacts.Trace.traceEvents, SITE_ORIGIN) * slowdown),
    notPerfect: Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category.id}/${ref.id}: ${lhr.audits[ref.id]!.score} ${lhr.audits[ref.id]!.displayValue ?? ''}`.trim()),
    ),
  };
}

/** What a run misses of the targets, one line each. */
function judgeReport(report: PageReport): string[] {
  return [
    ...Object.entries(TARGETS).filter(([c, min]) => report.scores[c as Category] < min).map(([c, min]) => `${c} ${report.scores[c as Category]} < ${min}`),
    ...Object.entries(report.metricScores).filter(([, score]) => score < 0.9).map(([id, score]) => `${id} scored ${score} < 0.9`),
    ...(report.ownScriptMs >= OWN_SCRIPT_MS ? [`our JavaScript ran ${report.ownScriptMs} ms in one task (≥ ${OWN_SCRIPT_MS})`] : []),
  ];
}
