import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Prng } from '../lib/prng.ts';

/** How many English words join the sample catalog's own for the synthetic vocabulary. */
export const ENGLISH_WORDS = 8_000;

/** The sample catalog's words (titles, tags, descriptions), commonest first. */
function readCatalogWords(dir: string): string[] {
  const counts = new Map<string, number>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json') && !n.startsWith('_'))) {
    const t = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { title: string; description: string; tags?: string[] };
    for (const w of `${t.title} ${t.description} ${(t.tags ?? []).join(' ')}`.toLowerCase().split(/[^a-z]+/)) {
      if (w.length >= 3) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
}

/**
 * A vocabulary with a Zipf-like spread: the sample catalog's words take the top ranks (the
 * domain's own words are the common ones), then ENGLISH_WORDS words of 4 to 11 letters from
 * the an-array-of-english-words list, chosen by `prng`. `draw()` picks rank r with weight
 * 1 / (r + 2.7), so a few words are everywhere and most are rare, as in real text.
 */
export function createZipfVocabulary(prng: Prng, catalogDir = 'templates') {
  const english = createRequire(import.meta.url)('an-array-of-english-words') as string[];
  const own = readCatalogWords(catalogDir);
  const seen = new Set(own);
  const words = [...own];
  const candidates = english.filter((w) => w.length >= 4 && w.length <= 11 && /^[a-z]+$/.test(w));
  while (words.length < own.length + ENGLISH_WORDS) {
    const w = candidates[prng.int(candidates.length)]!;
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  const cumulative = new Float64Array(words.length);
  let total = 0;
  words.forEach((_, r) => (cumulative[r] = total += 1 / (r + 2.7)));
  const draw = (): string => {
    const x = prng.next() * total;
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  return { words, draw };
}
