import { STOP_WORDS } from '../../src/core/search/tokenize-text.ts';
import { createPrng, type Prng } from '../lib/prng.ts';
import { createZipfVocabulary } from './realistic-words.ts';

/** Share of words (5+ letters) a person mistypes; of those, the kind of slip. */
const TYPO_RATE = 0.12;
const SENTENCES = [
  (a: string, b: string) => `a video for our ${a} ${b}`,
  (a: string, b: string) => `I need a ${a} template for ${b}`,
  (a: string) => `show me ${a} templates`,
  (a: string, b: string) => `something to announce our ${a} with ${b}`,
  (a: string, b: string) => `find a vertical ${a} video about ${b}`,
  (a: string) => `looking for a widescreen ${a} intro`,
];

/** One human slip: a swap of neighbours (most common), a dropped, doubled or wrong letter. */
function mistype(prng: Prng, w: string): string {
  const i = 1 + prng.int(w.length - 2);
  const kind = prng.next();
  if (kind < 0.4) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  if (kind < 0.65) return w.slice(0, i) + w.slice(i + 1);
  if (kind < 0.8) return w.slice(0, i) + w[i] + w.slice(i);
  return w.slice(0, i) + 'aeioustrn'[prng.int(9)] + w.slice(i + 1);
}

/**
 * A deterministic pool of search queries drawn from the realistic catalog vocabulary the same
 * Zipf way (so most words are common and the tail is long): one to three keywords (40 % with
 * the last word still being typed), and agent-style sentences (20 %); a word of 5+ letters is
 * mistyped at TYPO_RATE. Words repeat, as in real traffic; whole queries rarely do.
 */
export function buildRealisticQueryPool(size: number, seed = 7): string[] {
  const prng = createPrng(seed);
  const vocab = createZipfVocabulary(createPrng(2)); // the generator's seed 1 + 1: the catalog's own spread
  const word = () => {
    let w = vocab.draw();
    while (STOP_WORDS.has(w)) w = vocab.draw(); // people search with topic words; sentences add the filler

    return w.length >= 5 && prng.chance(TYPO_RATE) ? mistype(prng, w) : w;
  };
  const pool: string[] = [];
  while (pool.length < size) {
    if (prng.chance(0.2)) {
      pool.push(prng.pick(SENTENCES)(word(), word()));
      continue;
    }
    const words = Array.from({ length: prng.between(1, 3) }, word);
    const last = words[words.length - 1]!;
    if (last.length > 3 && prng.chance(0.4)) words[words.length - 1] = last.slice(0, prng.between(3, last.length - 1));
    pool.push(words.join(' '));
  }
  return pool;
}
