import { LruCache } from '../../core/lru-cache.ts';

/** Answers kept per loaded catalog: the same arguments over the same catalog give the same answer. */
const MAX_ENTRIES = 512;
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  size: number;
  value: object;
}

const caches = new WeakMap<object, LruCache<Entry>>();

/** The answer memo of `catalog` (made on first use): its hit and miss counts feed /metrics. */
export function getAnswerMemo(catalog: object): LruCache<Entry> {
  let cache = caches.get(catalog);
  if (!cache) caches.set(catalog, (cache = new LruCache<Entry>(MAX_ENTRIES, MAX_BYTES)));
  return cache;
}

/**
 * The answer for `key` over `catalog`, built once and then reused (every tool and resource here
 * only reads an immutable catalog). A shallow copy is returned, so the SDK may set fields on the
 * answer it sends without touching the kept one. `weigh` estimates the bytes an answer holds.
 */
export function memoizeAnswer<T extends object>(catalog: object, key: string, build: () => T, weigh: (value: T) => number): T {
  const cache = getAnswerMemo(catalog);
  const hit = cache.get(key);
  if (hit) return { ...(hit.value as T) };
  const value = build();
  cache.set(key, { size: weigh(value), value });
  return { ...value };
}
