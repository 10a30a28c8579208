import { collectDefaultMetrics, Registry, type Metric } from 'prom-client';
import { caches, rateLimitStore } from './metric-sources.ts';
import { counts, rateLimited, REQUEST_BUCKETS, requestSeries, SEARCH_BUCKETS, searchSeries, serving, type Series } from './stats.ts';

type Value = { metricName?: string; labels: Record<string, string | number>; value: number };
type Type = 'counter' | 'gauge' | 'histogram';

/** A metric prom-client formats from what `read` returns at scrape time. */
function define(name: string, help: string, type: Type, read: () => Value[]): Metric {
  const get = () => ({ name, help, type, aggregator: 'sum' as const, values: read() });
  return { name, help, type, aggregator: 'sum', get, getForPromString: get } as unknown as Metric;
}

function toHistogram(name: string, series: Iterable<Series>, buckets: readonly number[]): Value[] {
  return [...series].flatMap((s) => {
    let cumulative = 0;
    const values: Value[] = [...buckets, '+Inf' as const].map((le, i) => {
      cumulative += s.counts[i]!;
      return { metricName: `${name}_bucket`, labels: { le, ...s.labels }, value: cumulative };
    });
    return [...values, { metricName: `${name}_sum`, labels: s.labels, value: s.sum }, { metricName: `${name}_count`, labels: s.labels, value: s.count }];
  });
}

const one = (value: number): Value[] => [{ labels: {}, value }];

/** Every metric /metrics exposes, plus prom-client's process metrics. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = [
    define('catalog_http_requests_total', 'HTTP requests answered, by route group and status code', 'counter', () =>
      [...requestSeries.values()].map((s) => ({ labels: s.labels, value: s.count })),
    ),
    define('catalog_http_request_duration_seconds', 'Time from request to the last byte handed to the socket, by route group and status code', 'histogram', () =>
      toHistogram('catalog_http_request_duration_seconds', requestSeries.values(), REQUEST_BUCKETS),
    ),
    define('catalog_rate_limit_rejections_total', 'Requests answered 429 by the rate limiter, by bucket (rest, mcp)', 'counter', () =>
      [...rateLimited].map(([bucket, value]) => ({ labels: { bucket }, value })),
    ),
    define('catalog_search_duration_seconds', 'Time one free-text search takes in the catalog (remembered queries included)', 'histogram', () =>
      toHistogram('catalog_search_duration_seconds', [searchSeries], SEARCH_BUCKETS),
    ),
    define('catalog_unexpected_errors_total', 'Faults of the service itself (each logged with its stack); 0 is the only healthy value', 'counter', () => one(counts.unexpectedErrors)),
    define('catalog_search_zero_results_total', 'Free-text searches that found no template', 'counter', () => one(counts.searchZeroResults)),
    define('catalog_build_reloads_total', 'Attempts to switch to a newly published build, by result (live, refused)', 'counter', () => [
      { labels: { result: 'live' }, value: counts.reloadsLive },
      { labels: { result: 'refused' }, value: counts.reloadsRefused },
    ]),
    define('catalog_build_info', 'The build being served (value 1), labelled with its id', 'gauge', () => [{ labels: { build_id: serving.id }, value: 1 }]),
    define('catalog_templates', 'Templates in the build being served', 'gauge', () => one(serving.templates)),
    define('catalog_build_loaded_timestamp_seconds', 'When the build being served went live (Unix time)', 'gauge', () => one(serving.liveAtSeconds)),
    define('catalog_cache_lookups_total', 'Cache lookups by cache and result (hit, miss), since the serving build went live', 'counter', () =>
      [...caches].flatMap(([cache, c]) => [
        { labels: { cache, result: 'hit' }, value: c.hits },
        { labels: { cache, result: 'miss' }, value: c.misses },
      ]),
    ),
    define('catalog_cache_hit_ratio', 'Hits over lookups since the serving build went live, by cache', 'gauge', () =>
      [...caches].filter(([, c]) => c.hits + c.misses > 0).map(([cache, c]) => ({ labels: { cache }, value: c.hits / (c.hits + c.misses) })),
    ),
    define('catalog_cache_bytes', 'Bytes a cache holds now, by cache', 'gauge', () =>
      [...caches].filter(([, c]) => c.bytes !== undefined).map(([cache, c]) => ({ labels: { cache }, value: c.bytes! })),
    ),
    define('catalog_rate_limit_redis_connected', '1 while the shared rate-limit store (Redis) is connected; 0 when it is down or not configured', 'gauge', () =>
      one(rateLimitStore.redis?.status === 'ready' ? 1 : 0),
    ),
    define('catalog_rate_limit_fallback', '1 while REDIS_URL is set but Redis is unreachable, so each instance limits from its own memory', 'gauge', () =>
      one(rateLimitStore.redis && rateLimitStore.redis.status !== 'ready' ? 1 : 0),
    ),
  ];
  for (const metric of metrics) registry.registerMetric(metric);
  return registry;
}
