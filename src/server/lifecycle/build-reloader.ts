import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { resolveBuild } from '../../publish/build-layout.ts';
import { logError, logNow, logWarn } from '../observe/log.ts';
import { counts, recordBuildLive } from '../observe/stats.ts';
import type { Generation, ServingState } from './serving-state.ts';

/** How often DIST_DIR's link is re-read, for file systems whose changes fs.watch misses. */
const POLL_MS = 2000;
/** Events of one publish arrive in a burst: act once they settle. */
const SETTLE_MS = 50;

/** Runs a full GC when `npm run serve` exposed it: a retired build's catalog is returned now. */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

/** Watches for new builds and switches to them; `close` stops watching. */
export interface BuildReloader {
  /** Loads DIST_DIR's build now; `force` (SIGHUP) reloads it even when it has not changed. */
  reload(reason: string, force?: boolean): Promise<void>;
  close(): void;
}

/** Makes `gen` the one that serves; the previous one finishes what it has and is let go. */
export function switchTo(state: ServingState, gen: Generation): Generation | undefined {
  const previous = state.current;
  state.current = gen; // the switch: requests from here on run on gen
  recordBuildLive(gen.build.id, gen.build.catalog.templates.length);
  if (previous) {
    const release = () => {
      logNow({ msg: 'previous build released', build: previous.build.id });
      setTimeout(collectGarbage, 100).unref();
    };
    if (previous.active === 0) release();
    else previous.onDrained = release;
  }
  return previous;
}

/**
 * Switches to a newly published build by itself: watches DIST_DIR's folder for its link being
 * replaced (and polls it), loads the new build beside the serving one with `load`, then swaps
 * it in with switchTo. A build that fails to load is refused, logged, and not retried until it
 * changes again (or SIGHUP); the serving build carries on. One load runs at a time; a change
 * during a load is picked up right after it. `onLive` runs right after each switch (the CDN
 * purge); the switch never waits for it.
 */
export function startBuildReloader(
  distDir: string,
  state: ServingState,
  load: () => Promise<Generation>,
  onLive: (gen: Generation, previous: Generation | undefined) => void = () => {},
): BuildReloader {
  let running: Promise<void> | undefined;
  let pending: { reason: string; force: boolean } | undefined;
  let refusedKey: string | undefined;
  let missingLogged = false;

  async function run(reason: string, force: boolean): Promise<void> {
    let key: string;
    let id: string;
    try {
      ({ key, id } = resolveBuild(distDir));
      missingLogged = false;
    } catch (err) {
      if (!missingLogged) logWarn({ msg: 'DIST_DIR names no build; still serving the current one', distDir, error: (err as Error).message });
      missingLogged = true;
      return;
    }
    if (!force && (key === state.current?.build.key || key === refusedKey)) return;
    const started = performance.now();
    logNow({ msg: 'loading build', build: id, reason });
    let gen: Generation;
    try {
      gen = await load();
    } catch (err) {
      refusedKey = key;
      counts.reloadsRefused++;
      logError({ msg: 'build refused; the serving build carries on', build: id, serving: state.current?.build.id, error: (err as Error).message });
      return;
    }
    refusedKey = undefined;
    const previous = switchTo(state, gen);
    counts.reloadsLive++;
    logNow({
      msg: 'build live',
      build: gen.build.id,
      previous: previous?.build.id,
      templates: gen.build.catalog.templates.length,
      builtAt: gen.build.builtAt,
      shardsReused: gen.build.reusedShards,
      loadMs: Math.round(performance.now() - started),
    });
    onLive(gen, previous);
  }

  function reload(reason: string, force = false): Promise<void> {
    if (running) {
      pending = { reason, force: force || pending?.force === true };
      return running;
    }
    running = run(reason, force).finally(() => {
      running = undefined;
      const next = pending;
      pending = undefined;
      if (next) void reload(next.reason, next.force);
    });
    return running;
  }

  const abs = resolve(distDir);
  let settle: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(abs), (_event, name) => {
      if (name !== basename(abs)) return;
      clearTimeout(settle);
      settle = setTimeout(() => void reload('published'), SETTLE_MS);
    });
    watcher.on('error', (err) => logWarn({ msg: 'build watcher failed; polling only', error: err.message }));
  } catch (err) {
    logWarn({ msg: 'cannot watch DIST_DIR; polling only', distDir, error: (err as Error).message });
  }
  const poll = setInterval(() => void reload('published'), POLL_MS).unref();

  return {
    reload,
    close() {
      watcher?.close();
      clearInterval(poll);
      clearTimeout(settle);
    },
  };
}
