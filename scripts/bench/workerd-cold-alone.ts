import { loadavg } from 'node:os';
import type { RunningFunction } from '../lib/start-function.ts';
import type { ShippedConfig } from '../lib/wrangler-config.ts';
import { captureRuntimeConfig, removeCapture, startWorkerdAlone } from './workerd-alone.ts';

/** A first request's time, its body read; throws on an answer that is not 2xx. */
export async function timeFirst(fn: Pick<RunningFunction, 'url'>, path: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(fn.url + path);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return performance.now() - t0;
}

/** `median ms median of k (each, …)`, for a row. */
export const describeTimes = (times: readonly number[]) =>
  `**${[...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!.toFixed(0)} ms** median of ${times.length} (${times.map((t) => t.toFixed(0)).join(', ')})`;

/**
 * Cold first answers on `workerd serve` alone: wrangler's runtime config captured once, then a
 * fresh process for each request, timed from its socket taking a connection. No wrangler, no
 * proxy worker and no Node process in the path, as close to the platform as this machine gets;
 * `wrangler dev` adds its proxy's hop and its own start (~150-300 ms at 100,000 templates, by
 * the worker's own clock against the client's). A one-line worker on the same config is the
 * runtime's floor: what any first request costs before our code runs.
 */
export async function measureWorkerdAlone(dist: string, adjust: (config: ShippedConfig) => void, asked: readonly [string, string][], label: string, { starts, goal }: { starts: number; goal: string }): Promise<string[]> {
  const rows: string[] = [];
  // The main worker alone: a captured config holds no second worker for its tail renderer's binding.
  const mainAlone = (config: ShippedConfig) => (adjust(config), delete config.services);
  for (const oneLine of [true, false]) {
    const capture = await captureRuntimeConfig(dist, mainAlone, oneLine);
    try {
      for (const [what, path] of oneLine ? [['a one-line worker (the floor)', asked[0]![1]] as const] : asked) {
        const times: number[] = [];
        for (let k = 0; k < starts; k++) {
          const fn = await startWorkerdAlone(capture.file, { cold: true });
          try {
            times.push(await timeFirst(fn, path));
          } finally {
            await fn.stop();
          }
        }
        rows.push(`| workerd alone (\`workerd serve\`, no wrangler), ${oneLine ? what : `${label}, first request ${what}`} (fresh process to first answer) | ${describeTimes(times)}; load ${loadavg()[0]!.toFixed(1)} | ${oneLine ? '–' : goal} |`);
      }
    } finally {
      removeCapture(capture);
    }
  }
  return rows;
}
