/** Anything the cache can weigh. */
export interface Sized {
  size: number;
}

/**
 * A least-recently-used map bounded by entry count and by total bytes. A Map keeps insertion
 * order, so re-inserting on read moves an entry to the young end and eviction takes the oldest.
 */
export class LruCache<V extends Sized> {
  readonly #map = new Map<string, V>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;
  /** Lookups that found an entry, and those that did not (for the cache metrics). */
  hits = 0;
  misses = 0;

  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  /** The entry, marked as just used. */
  get(key: string): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.hits++;
      this.#map.delete(key);
      this.#map.set(key, value);
    } else this.misses++;
    return value;
  }

  /** Stores the entry unless it alone exceeds the byte bound; evicts the oldest to fit. */
  set(key: string, value: V): void {
    if (value.size > this.#maxBytes) return;
    const old = this.#map.get(key);
    if (old !== undefined) {
      this.#bytes -= old.size;
      this.#map.delete(key);
    }
    this.#map.set(key, value);
    this.#bytes += value.size;
    for (const [oldestKey, oldest] of this.#map) {
      if (this.#map.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#map.delete(oldestKey);
      this.#bytes -= oldest.size;
    }
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }
}
