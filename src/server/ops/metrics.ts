import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { registerRequestStats } from './request-stats.ts';

/**
 * Everything /metrics exposes (Prometheus text format, on METRICS_PORT only). Request figures
 * are observed from outside the App (see instrument-requests.ts), search from a wrapper around
 * `catalog.search`, caches and the Redis limiter are read at scrape time.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

registerRequestStats(registry);
export const rateLimitedTotal = new Counter({
  name: 'catalog_rate_limit_rejections_total',
  help: 'Requests answered 429 by the rate limiter, by bucket (rest, mcp)',
  labelNames: ['bucket'] as const,
  registers: [registry],
});
const searchSeconds = new Histogram({
  name: 'catalog_search_duration_seconds',
  help: 'Time one free-text search takes in the catalog (remembered queries included)',
  buckets: [0.00001, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1],
  registers: [registry],
});
const searchZeroTotal = new Counter({
  name: 'catalog_search_zero_results_total',
  help: 'Free-text searches that found no template',
  registers: [registry],
});
export const reloadsTotal = new Counter({
  name: 'catalog_build_reloads_total',
  help: 'Attempts to switch to a newly published build, by result (live, refused)',
  labelNames: ['result'] as const,
  registers: [registry],
});
const buildInfo = new Gauge({
  name: 'catalog_build_info',
  help: 'The build being served (value 1), labelled with its id',
  labelNames: ['build_id'] as const,
  registers: [registry],
});
const templatesGauge = new Gauge({ name: 'catalog_templates', help: 'Templates in the build being served', registers: [registry] });
const buildLoadedGauge = new Gauge({
  name: 'catalog_build_loaded_timestamp_seconds',
  help: 'When the build being served went live (Unix time)',
  registers: [registry],
});

/** Records which build serves from now on. */
export function recordBuildLive(id: string, templates: number): void {
  buildInfo.reset();
  buildInfo.set({ build_id: id }, 1);
  templatesGauge.set(templates);
  buildLoadedGauge.set(Date.now() / 1000);
}

/**
 * The catalog with its `search` timed and its empty answers counted. Every operation (REST,
 * MCP, pages) searches through `catalog.search`, so this sees all of them.
 */
export function instrumentCatalogSearch(catalog: Catalog): Catalog {
  const search = catalog.search;
  return {
    ...catalog,
    search(q) {
      const started = performance.now();
      const ids = search(q);
      searchSeconds.observe((performance.now() - started) / 1000);
      if (ids.length === 0) searchZeroTotal.inc();
      return ids;
    },
  };
}
