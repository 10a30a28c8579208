/** A small seeded random source: the same seed gives the same sequence on every machine. */
export interface Prng {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: fast, 32-bit state, good enough to spread test cases (not for secrets). */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    seed: seed >>> 0,
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: (items) => items[int(items.length)]!,
    chance: (p) => next() < p,
  };
}

/**
 * The seed for a fuzz run: `envName` (e.g. FUZZ_SEED=123) replays a run; otherwise a fresh
 * one, so every run explores new cases and prints how to repeat itself.
 */
export function chooseSeed(envName: string): number {
  const given = process.env[envName];
  if (given !== undefined && given !== '') {
    const n = Number(given);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new Error(`${envName} must be a whole number from 0 to 4294967295, got "${given}"`);
    return n;
  }
  return Math.floor(Math.random() * 0x100000000);
}
