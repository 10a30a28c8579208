import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { startApp, type RunningApp } from './start-app.ts';
import { describeNeeding } from './describe-needing.ts';
import { takeChromium } from './keep-chromium.ts';

/** Debian's Chromium (`npm test` installs it); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The SITE_URL the test build was made with (tests/global-setup.ts). Prerendered pages carry
 * it in canonical links, posters and JSON, so the browser visits the site at this origin and
 * Chromium maps it to the real server's ephemeral port (see `mapOriginArg`).
 */
export const SITE_ORIGIN = 'http://localhost:4321';
/** Where studio links point (never visited: tests that follow one use a local stand-in). */
export const STUDIO_ORIGIN = 'https://studio.example.com';

/** Flags for a quiet, offline, reproducible headless Chromium. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const MISSING = `Chromium is not installed at ${CHROMIUM_PATH}: the browser tests cannot run. ` +
  'Install it with `apt-get install chromium` (`npm test` does), or point CHROMIUM_PATH at a Chromium binary.';

/** `describe` for tests that need Chromium (describeNeeding says what happens without it). */
export function describeWithChromium(name: string, body: () => void): void {
  describeNeeding('Chromium', existsSync(CHROMIUM_PATH), MISSING, name, body);
}

/**
 * Resolves the site origin to the server's real address (host and port) inside Chromium,
 * plus any `extraRules` (e.g. "MAP studio.localhost 127.0.0.1").
 */
export function mapOriginArg(serverUrl: string, extraRules: readonly string[] = []): string {
  return `--host-resolver-rules=${[`MAP ${new URL(SITE_ORIGIN).host} ${new URL(serverUrl).host}`, ...extraRules].join(', ')}`;
}

/** How the site is served to a browser: the build's address, in-memory rate limits high enough for a browser session. */
export const SITE_SERVER_ENV = { SITE_URL: SITE_ORIGIN, STUDIO_URL: STUDIO_ORIGIN, REST_RATE_LIMIT: '100000', LOG_LEVEL: 'silent' };

/**
 * The real app over the built site, in process (pages test no process behaviour; a spawned
 * server cost each browser file ~0.5 s of CPU). Lighthouse spawns its own (startServer).
 */
export function startSiteServer(env: Record<string, string> = {}): Promise<RunningApp> {
  return startApp({ ...SITE_SERVER_ENV, ...env });
}

/** A running server and a headless Chromium that reaches it at SITE_ORIGIN. */
export interface BrowserSite {
  server: RunningApp;
  browser: Browser;
  /** A new page in a fresh context (own cookies, cache, colour scheme, JavaScript switch). */
  open(options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

/** Server environment overrides and extra Chromium host-resolver rules. */
export interface BrowserSiteOptions {
  env?: Record<string, string>;
  hostRules?: readonly string[];
  /** Extra Chromium switches (e.g. `--enable-features=WebMCP`). */
  chromiumArgs?: readonly string[];
}

/**
 * Starts the server and gives it a Chromium that maps SITE_ORIGIN to it: the worker's kept one
 * for these switches when it is free (the server then listens on the port it maps to), else a
 * new one (tests/helpers/keep-chromium.ts). `close` stops the server and closes every context
 * the file opened; the browser closes once no file of the worker has taken it for a few seconds.
 */
export async function startBrowserSite(options: BrowserSiteOptions = {}): Promise<BrowserSite> {
  const key = JSON.stringify([options.chromiumArgs ?? [], options.hostRules ?? []]);
  const { browser, server, release } = await takeChromium(
    key,
    (port) => startApp({ ...SITE_SERVER_ENV, ...options.env }, port),
    (serverUrl) => chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...(options.chromiumArgs ?? []), mapOriginArg(serverUrl, options.hostRules)] }),
  );
  return {
    server,
    browser,
    async open(options = {}) {
      const context = await browser.newContext({ baseURL: SITE_ORIGIN, ...options });
      return context.newPage();
    },
    close: release,
  };
}

/** What went wrong while a page was open: console errors, script errors, failed requests. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // Chromium logs a 4xx main document (a 404 page, a 400 studio page) as a failed load;
    // that status is the page's meaning, so only other resources count.
    const own = /^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text()) && msg.location().url === page.url();
    if (!own) problems.push(`console error on ${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`script error on ${page.url()}: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A navigation the test started elsewhere aborts pending requests of the old page.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
  });
  page.on('response', (res) => {
    // The document's own status is what the test asked for; every resource it loads must work.
    if (res.status() >= 400 && !res.request().isNavigationRequest()) problems.push(`${res.status()} for ${res.url()}`);
  });
  return problems;
}

/**
 * Waits until the page has loaded everything it will: the load event, then every image,
 * lazy ones too (scrolled into view once). Exact where Playwright's `networkidle` would
 * wait for 500 ms of silence after each page (seconds per test file).
 */
export async function settlePage(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(r));
    }
    window.scrollTo(0, 0);
    // Images drawn on the page: a motion preview stays display:none (never fetched) until played,
    // and decode() on it would wait for a load that never starts.
    const drawn = [...document.images].filter((img) => img.getClientRects().length > 0);
    await Promise.all(drawn.map((img) => img.decode().catch(() => undefined)));
  });
}
