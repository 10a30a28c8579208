import type { Catalog } from '../../core/catalog/catalog.ts';

/**
 * What /metrics reports, kept as plain numbers: recording costs a Map lookup and a few
 * additions (~0.07 µs a request; prom-client's labelled Counter and Histogram took ~0.7 µs),
 * and prom-client is loaded only when METRICS_PORT is set (metrics-export.ts reads these at
 * scrape time).
 */

/** Seconds, from 0.1 ms (a cached REST answer) to 2.5 s (a request held by a slow client). */
export const REQUEST_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Seconds, from 10 µs (a remembered query) to 0.1 s. */
export const SEARCH_BUCKETS = [0.00001, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1];

/** One labelled histogram series. */
export interface Series {
  labels: Record<string, string>;
  count: number;
  sum: number;
  /** Per bucket, not cumulative; the last slot counts what is above every bound. */
  counts: Float64Array;
}

function observe(s: Series, buckets: readonly number[], seconds: number): void {
  s.count++;
  s.sum += seconds;
  let i = 0;
  while (i < buckets.length && seconds > buckets[i]!) i++;
  s.counts[i]!++;
}

const newSeries = (labels: Record<string, string>, buckets: readonly number[]): Series => ({ labels, count: 0, sum: 0, counts: new Float64Array(buckets.length + 1) });

/** Requests by `${group}${status}` (groups hold no digits, so the key is unambiguous). */
export const requestSeries = new Map<string, Series>();
/** Every free-text search. */
export const searchSeries = newSeries({}, SEARCH_BUCKETS);
/** Event counts since start. */
export const counts = { searchZeroResults: 0, reloadsLive: 0, reloadsRefused: 0, unexpectedErrors: 0 };
/** 429s by rate-limit bucket. */
export const rateLimited = new Map<string, number>([
  ['rest', 0],
  ['mcp', 0],
]);
/** The build serving now. */
export const serving = { id: '', templates: 0, liveAtSeconds: 0 };

/** Counts one answered request. */
export function recordRequest(group: string, status: number, seconds: number): void {
  const key = group + status;
  let s = requestSeries.get(key);
  if (!s) requestSeries.set(key, (s = newSeries({ group, status: String(status) }, REQUEST_BUCKETS)));
  observe(s, REQUEST_BUCKETS, seconds);
}

/** Counts one 429 of `bucket` (rest, mcp). */
export function recordRateLimited(bucket: string): void {
  rateLimited.set(bucket, (rateLimited.get(bucket) ?? 0) + 1);
}

/** Records which build serves from now on. */
export function recordBuildLive(id: string, templates: number): void {
  Object.assign(serving, { id, templates, liveAtSeconds: Date.now() / 1000 });
}

/**
 * The catalog with its search timed and its empty answers counted. Every operation (REST, MCP,
 * pages) searches through `catalog.answerSearch`, completion and "nearest id" hints through
 * `catalog.search`, so this sees all of them.
 */
export function instrumentCatalogSearch(catalog: Catalog): Catalog {
  const timed = <A extends unknown[], R>(run: (...args: A) => R, found: (r: R) => number) => (...args: A): R => {
    const started = performance.now();
    const answer = run(...args);
    observe(searchSeries, SEARCH_BUCKETS, (performance.now() - started) / 1000);
    if (found(answer) === 0) counts.searchZeroResults++;
    return answer;
  };
  return { ...catalog, answerSearch: timed(catalog.answerSearch, (a) => a.positions.length), search: timed(catalog.search, (ids) => ids.length) };
}
