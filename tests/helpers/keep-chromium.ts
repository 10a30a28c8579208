import type { Browser } from 'playwright-core';

/**
 * A Chromium kept between the test files of one worker (modules stay loaded between files:
 * `isolate: false`), one per set of launch switches, with the port its host rule maps the site
 * to. Launching and closing one cost several seconds of CPU a file (~8 s at load 20, profile,
 * GPU and network processes). Only one file of a worker runs at a time; a second file asking
 * while the first holds it gets a browser of its own.
 */
interface KeptChromium {
  browser: Browser;
  port: number;
  busy: boolean;
  idle?: NodeJS.Timeout;
}
const kept = new Map<string, KeptChromium>();
/** How long a kept Chromium waits for the worker's next browser file before it closes. */
const KEEP_MS = 5_000;

/** A server a browser is pointed at: its address and how to stop it. */
interface Served {
  url: string;
  stop(): Promise<void>;
}

/** A Chromium taken for one file, and its server; `release` stops the server and closes the file's contexts. */
export interface TakenChromium<S extends Served> {
  browser: Browser;
  server: S;
  release(): Promise<void>;
}

/**
 * The worker's kept Chromium for `key` when it is free, with a server `start`ed on the port it
 * maps to; else a server on any port and a Chromium `launch`ed for it, kept afterwards. A port
 * taken meanwhile, or a browser gone, falls back to a new launch.
 */
export async function takeChromium<S extends Served>(key: string, start: (port: number) => Promise<S>, launch: (serverUrl: string) => Promise<Browser>): Promise<TakenChromium<S>> {
  let held = kept.get(key);
  let server: S | null = null;
  if (held && !held.busy) {
    clearTimeout(held.idle);
    if (held.browser.isConnected()) server = await start(held.port).catch(() => null);
    if (!server) {
      kept.delete(key);
      await held.browser.close().catch(() => undefined);
    }
  }
  if (!server) {
    const fresh = await start(0);
    const browser = await launch(fresh.url).catch(async (err: unknown) => {
      await fresh.stop();
      throw err;
    });
    server = fresh;
    held = { browser, port: Number(new URL(fresh.url).port), busy: false };
    if (!kept.get(key)?.busy) kept.set(key, held);
  }
  const mine = held!;
  mine.busy = true;
  const running = server;
  return {
    browser: mine.browser,
    server: running,
    async release() {
      await Promise.all(mine.browser.contexts().map((c) => c.close().catch(() => undefined)));
      await running.stop();
      mine.busy = false;
      if (kept.get(key) !== mine) return void (await mine.browser.close());
      mine.idle = setTimeout(() => {
        kept.delete(key);
        void mine.browser.close();
      }, KEEP_MS).unref();
    },
  };
}
