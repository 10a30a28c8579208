import { LruCache } from '../../core/lru-cache.ts';

/** Answers kept per loaded catalog: the same arguments over the same catalog give the same answer. */
const MAX_ENTRIES = 512;
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  size: number;
  value: object;
}

const caches = new WeakMap<object, LruCache<Entry>>();
const stats = { hits: 0, misses: 0 };

/**
 * The answer for `key` over `catalog`, built once and then reused (every tool and resource here
 * only reads an immutable catalog). A shallow copy is returned, so the SDK may set fields on the
 * answer it sends without touching the kept one. `weigh` estimates the bytes an answer holds.
 */
export function memoizeAnswer<T extends object>(catalog: object, key: string, build: () => T, weigh: (value: T) => number): T {
  let cache = caches.get(catalog);
  if (!cache) caches.set(catalog, (cache = new LruCache<Entry>(MAX_ENTRIES, MAX_BYTES)));
  const hit = cache.get(key);
  if (hit) {
    stats.hits++;
    return { ...(hit.value as T) };
  }
  stats.misses++;
  const value = build();
  cache.set(key, { size: weigh(value), value });
  return { ...value };
}

/** Hits and misses since start, for the bench and diagnostics. */
export function readAnswerMemoStats(): { hits: number; misses: number } {
  return { ...stats };
}
