/**
 * What a build shows while it runs. On a terminal: one line redrawn in place, pages done of
 * the total, elapsed time and an estimate of the rest, with Astro's warnings and phase lines
 * above it. Elsewhere (CI, a log file): warnings and errors only, and the publish prints one
 * summary line at the end, instead of a line per page (60,000 lines at 10,000 templates).
 */
export interface BuildProgress {
  /** Astro rendered one more page. */
  page(): void;
  /** A line from Astro or the publish; `quiet` lines are shown on a terminal only. */
  line(text: string, quiet: boolean): void;
  /** Clears the progress line. */
  end(): void;
}

/** How often the terminal line is redrawn at most. */
const REDRAW_MS = 250;

const clock = (s: number) => (s >= 90 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(0)} s`);

/** The progress line: `rendering pages 12,000/60,056 · 41 s · about 2 min 44 s left`. */
export function formatProgress(done: number, total: number, elapsedMs: number): string {
  const seconds = elapsedMs / 1000;
  const count = `${done.toLocaleString('en')}/${total.toLocaleString('en')}`;
  const left = done > 0 && total > done ? ` · about ${clock((seconds / done) * (total - done))} left` : '';
  return `rendering pages ${count} · ${clock(seconds)}${left}`;
}

/** Progress for one build; `total` is asked at each redraw (it is known once the routes listed their paths). */
export function createBuildProgress(opts: { tty: boolean; total: () => number; write: (s: string) => void; now?: () => number }): BuildProgress {
  const now = opts.now ?? (() => performance.now());
  let started = 0; // the clock starts with the first page: bundling before it is not rendering
  let done = 0;
  let drawnAt = -Infinity;
  let shown = false;
  const clear = () => {
    if (shown) opts.write('\r\x1b[2K');
    shown = false;
  };
  return {
    page() {
      if (done++ === 0) started = now();
      if (!opts.tty || now() - drawnAt < REDRAW_MS) return;
      drawnAt = now();
      opts.write(`\r\x1b[2K${formatProgress(done, Math.max(done, opts.total()), drawnAt - started)}`);
      shown = true;
    },
    line(text, quiet) {
      if (quiet && !opts.tty) return;
      clear();
      opts.write(`${text}\n`);
    },
    end: clear,
  };
}

const PROGRESS = Symbol.for('template-catalog.build-progress');
type WithProgress = { [PROGRESS]?: BuildProgress };

/** Makes `progress` the one Astro's log lines go to (through src/publish/astro-log.ts), or none. */
export function setBuildProgress(progress: BuildProgress | undefined): void {
  (globalThis as WithProgress)[PROGRESS] = progress;
}

/** The progress of the build running in this process. */
export function readBuildProgress(): BuildProgress | undefined {
  return (globalThis as WithProgress)[PROGRESS];
}
