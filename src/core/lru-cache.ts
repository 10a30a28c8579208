import { LRUCache } from 'lru-cache';

/** Anything the cache can weigh. */
export interface Sized {
  size: number;
}

/**
 * A least-recently-used map bounded by entry count and by total bytes (each value's `size`),
 * on `lru-cache` (as fast as a hand-written Map-based LRU, `npm run bench -- plumbing`). This
 * class keeps the small interface the routes and the search memo use, and counts hits.
 */
export class LruCache<V extends Sized> {
  readonly #lru: LRUCache<string, V>;
  /** Lookups that found an entry, and those that did not (for the cache metrics). */
  hits = 0;
  misses = 0;

  constructor(maxEntries: number, maxBytes: number) {
    // lru-cache wants a positive integer size; it skips (does not store) a value over maxSize.
    this.#lru = new LRUCache<string, V>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (v) => Math.max(1, Math.ceil(v.size)) });
  }

  /** The entry, marked as just used. */
  get(key: string): V | undefined {
    const value = this.#lru.get(key);
    if (value !== undefined) this.hits++;
    else this.misses++;
    return value;
  }

  /** Stores the entry unless it alone exceeds the byte bound; evicts the oldest to fit. */
  set(key: string, value: V): void {
    this.#lru.set(key, value);
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#lru.calculatedSize;
  }
}
