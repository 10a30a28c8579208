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
export const caches = new Map<string, CacheStats>();

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

/** The part of an ioredis client the metrics read. */
interface RedisLike {
  readonly status: string;
}

/** The rate limiter's Redis connection, when REDIS_URL is set. */
export const rateLimitStore: { redis?: RedisLike } = {};

/** Reports the rate limiter's Redis connection on /metrics (REDIS_URL set). */
export function registerRateLimitRedis(client: RedisLike): void {
  rateLimitStore.redis = client;
}
