/**
 * A deterministic pool of distinct, realistic search queries over the synthetic catalog's
 * vocabulary: words, pairs, prefixes being typed, and typos.
 */
export function buildQueryPool(size: number): string[] {
  const adjectives = ['neon', 'bold', 'minimal', 'kinetic', 'retro', 'glass', 'sunset', 'midnight', 'paper', 'pulse', 'aurora', 'crisp', 'velvet', 'electric', 'calm', 'swift'];
  const nouns = ['launch', 'reveal', 'countdown', 'showcase', 'spotlight', 'promo', 'teaser', 'story', 'intro', 'drop', 'invite', 'highlight', 'walkthrough', 'recap'];
  const extras = ['typography', 'gradient', 'logo', 'mockup', 'phone', 'sale', 'webinar', 'quote', 'team', 'careers', 'fashion', 'fitness', 'coffee', 'bikes', 'finance'];
  const typo = (w: string) => (w.length < 5 ? w : w.slice(0, 2) + w[3] + w[2] + w.slice(4));
  const pool = new Set<string>();
  for (const a of adjectives) for (const n of nouns) {
    pool.add(`${a} ${n}`);
    pool.add(`${typo(a)} ${n}`);
    pool.add(`${a} ${n.slice(0, 3)}`);
    for (const e of extras) pool.add(`${a} ${n} ${e}`);
  }
  for (const w of [...adjectives, ...nouns, ...extras]) for (let k = 2; k <= w.length; k++) pool.add(w.slice(0, k));
  return [...pool].slice(0, size);
}
