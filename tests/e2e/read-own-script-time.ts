/** One event of a Chromium trace (the fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time: the CPU the thread spent in the event (`dur` is wall time). */
  tdur?: number;
  args?: { name?: string; fileName?: string; data?: { url?: string } };
}

/** Trace events that run a page's JavaScript: module evaluation carries no URL, the others do. */
const MODULE_EVENTS = new Set(['v8.evaluateModule']);
const URL_EVENTS = new Set(['v8.compileModule', 'v8.compile', 'EvaluateScript', 'FunctionCall']);

/**
 * The most CPU our JavaScript used inside one main-thread task of a Lighthouse trace, in
 * milliseconds as observed (multiply by the profile's CPU slowdown for Lighthouse's figures).
 * Thread time, not wall time: on a 2-core machine the renderer is often descheduled for 10 ms
 * or more in the middle of a 1 ms function (measured with marks inside the catalog script),
 * and that is the machine's, not the page's.
 *
 * Read from the trace because Lighthouse's own tables cannot say it: its long-tasks audit blames
 * a whole task on any script URL seen in it (so the parser's and layout's time in the task that
 * ends the parse was listed as "a long task in CatalogBrowser…js" for a ~1 ms module), and a
 * module's evaluation carries no URL, so a module that ran 37 ms was blamed on the page instead.
 * Here every module evaluation counts (the site's modules are the only ones: Lighthouse injects
 * classic scripts), as do compiles and calls whose script is served from `origin`.
 */
export function readOwnScriptTime(events: readonly TraceEvent[], origin: string): number {
  const mainThreads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && e.dur !== undefined && mainThreads.has(`${e.pid}:${e.tid}`));
  const ours = onMain.filter((e) => MODULE_EVENTS.has(e.name) || (URL_EVENTS.has(e.name) && (e.args?.data?.url ?? e.args?.fileName ?? '').startsWith(origin)));
  let longest = 0;
  for (const task of onMain.filter((e) => e.name === 'RunTask')) {
    const end = task.ts + task.dur!;
    const inside = ours.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < end).sort((a, b) => a.ts - b.ts);
    // Events on a thread nest: one inside another of ours (a call inside a module's evaluation) is already counted.
    let total = 0;
    let reached = 0;
    for (const e of inside) {
      if (e.ts + e.dur! <= reached) continue;
      total += e.tdur ?? e.dur!;
      reached = e.ts + e.dur!;
    }
    longest = Math.max(longest, total / 1000);
  }
  return longest;
}
