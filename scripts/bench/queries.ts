import { createPrng } from '../lib/prng.ts';

/**
 * A deterministic pool of distinct, realistic search queries over the synthetic catalog's
 * vocabulary: single words, prefixes being typed, typos, and two to four word combinations,
 * shuffled so neighbours differ. Large enough (~50,000) that no bounded run repeats a query,
 * so answer caches cannot serve it; words do repeat, as they do in real traffic.
 */
export function buildQueryPool(size: number): string[] {
  const adjectives = ['neon', 'bold', 'minimal', 'kinetic', 'retro', 'glass', 'sunset', 'midnight', 'paper', 'pulse', 'aurora', 'crisp', 'velvet', 'electric', 'calm', 'swift'];
  const nouns = ['launch', 'reveal', 'countdown', 'showcase', 'spotlight', 'promo', 'teaser', 'story', 'intro', 'drop', 'invite', 'highlight', 'walkthrough', 'recap'];
  const extras = ['typography', 'gradient', 'logo', 'mockup', 'phone', 'sale', 'webinar', 'quote', 'team', 'careers', 'fashion', 'fitness', 'coffee', 'bikes', 'finance'];
  const typo = (w: string) => (w.length < 5 ? w : w.slice(0, 2) + w[3] + w[2] + w.slice(4));
  const pool = new Set<string>();
  for (const w of [...adjectives, ...nouns, ...extras]) for (let k = 2; k <= w.length; k++) pool.add(w.slice(0, k));
  for (const a of adjectives) for (const n of nouns) {
    pool.add(`${a} ${n}`);
    pool.add(`${typo(a)} ${n}`);
    pool.add(`${a} ${n.slice(0, 3)}`);
    for (const e of extras) {
      pool.add(`${a} ${n} ${e}`);
      for (const f of extras) if (f !== e) pool.add(`${a} ${n} ${e} ${f.slice(0, 4)}`);
    }
  }
  const all = [...pool];
  const prng = createPrng(7);
  for (let i = all.length - 1; i > 0; i--) {
    const j = prng.int(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, size);
}
