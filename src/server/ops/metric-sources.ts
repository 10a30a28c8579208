import { Counter, Gauge } from 'prom-client';
import { registry } from './metrics.ts';

/** What a cache tells the metrics: counts since it was made, and optionally its size. */
export interface CacheStats {
  readonly hits: number;
  readonly misses: number;
  readonly bytes?: number;
}

/**
 * Caches by name. A build's App registers its caches when it is made, replacing the previous
 * build's under the same name, so the registry never keeps a retired build's cache alive.
 */
const caches = new Map<string, CacheStats>();

/** Reports `cache` under `name` on /metrics (read at scrape time: nothing runs per request). */
export function registerCache(name: string, cache: CacheStats): void {
  caches.set(name, cache);
}

/** The registered caches now, to put back if a new build is refused after registering its own. */
export function snapshotCaches(): () => void {
  const saved = new Map(caches);
  return () => {
    caches.clear();
    for (const [name, cache] of saved) caches.set(name, cache);
  };
}

new Counter({
  name: 'catalog_cache_lookups_total',
  help: 'Cache lookups by cache and result (hit, miss), since the served build was loaded',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, c] of caches) {
      this.inc({ cache: name, result: 'hit' }, c.hits);
      this.inc({ cache: name, result: 'miss' }, c.misses);
    }
  },
});
new Gauge({
  name: 'catalog_cache_hit_ratio',
  help: 'Hits over lookups since the served build was loaded, by cache',
  labelNames: ['cache'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, c] of caches) if (c.hits + c.misses > 0) this.set({ cache: name }, c.hits / (c.hits + c.misses));
  },
});
new Gauge({
  name: 'catalog_cache_bytes',
  help: 'Bytes a cache holds now, by cache',
  labelNames: ['cache'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, c] of caches) if (c.bytes !== undefined) this.set({ cache: name }, c.bytes);
  },
});

/** The part of an ioredis client the metrics read. */
interface RedisLike {
  readonly status: string;
}
let redis: RedisLike | undefined;

/** Reports the rate limiter's Redis connection on /metrics (REDIS_URL set). */
export function registerRateLimitRedis(client: RedisLike): void {
  redis = client;
}

new Gauge({
  name: 'catalog_rate_limit_redis_connected',
  help: '1 while the shared rate-limit store (Redis) is connected; 0 when it is down or not configured',
  registers: [registry],
  collect() {
    this.set(redis?.status === 'ready' ? 1 : 0);
  },
});
new Gauge({
  name: 'catalog_rate_limit_fallback',
  help: '1 while REDIS_URL is set but Redis is unreachable, so each instance limits from its own memory',
  registers: [registry],
  collect() {
    this.set(redis && redis.status !== 'ready' ? 1 : 0);
  },
});
