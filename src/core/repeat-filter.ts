/**
 * Remembers the keys seen lately, so that a cache admits only what is asked for a second
 * time (TinyLFU's "doorkeeper"). Most searches are asked once: without it each one would
 * be stored, evicting answers that do repeat and leaving megabytes of garbage behind.
 * Bounded: when full it forgets every key, which at worst delays one admission.
 */
export class RepeatFilter {
  readonly #seen = new Set<string>();
  readonly #maxKeys: number;

  constructor(maxKeys: number) {
    this.#maxKeys = maxKeys;
  }

  /** True when `key` was seen since the filter last forgot; otherwise remembers it and says false. */
  seenBefore(key: string): boolean {
    if (this.#seen.has(key)) return true;
    if (this.#seen.size >= this.#maxKeys) this.#seen.clear();
    this.#seen.add(key);
    return false;
  }
}
