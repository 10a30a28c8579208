/**
 * Writes a synthetic catalog of any size for benchmarks and scale tests.
 * Usage: node scripts/generate-catalog.ts --count 10000 --out /tmp/catalog-10k [--seed 1] [--vocabulary small|realistic]
 * Deterministic for a given seed, so two runs produce the same files. `small` (the default,
 * used by the scale and HTTP suites) writes from ~70 words; `realistic` writes titles, tags and
 * descriptions from thousands of words with a Zipf-like spread (scripts/bench/realistic-words.ts),
 * for the search benchmark.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createZipfVocabulary } from './bench/realistic-words.ts';
import { createPrng } from './lib/prng.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
    vocabulary: { type: 'string', default: 'small' },
  },
});
const realistic = values.vocabulary === 'realistic';
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || !values.out) {
  console.error('usage: node scripts/generate-catalog.ts --count N --out DIR [--seed S] [--vocabulary small|realistic]');
  process.exit(2);
}

const prng = createPrng(Number(values.seed));
const rand = prng.next;
const pick = prng.pick;

const categories = [
  ['product-launch', 'Product launch', 'Reveal a new product with pace, polish and a clear call to action.'],
  ['app-promo', 'App promo', 'Show an app in motion: screens, gestures and store badges.'],
  ['saas-feature', 'SaaS feature', 'Explain one feature of a software product in under a minute.'],
  ['ecommerce-sale', 'E-commerce sale', 'Announce discounts, drops and seasonal sales.'],
  ['event', 'Event', 'Invite people to conferences, webinars and meetups.'],
  ['hiring', 'Hiring', 'Tell candidates why they should join the team.'],
  ['testimonial', 'Testimonial', 'Let customers say it in their own words.'],
  ['social-teaser', 'Social teaser', 'Short vertical hooks for stories and reels.'],
  ['brand-intro', 'Brand intro', 'Introduce a company, its mission and its people.'],
] as const;
const adjectives = ['Neon', 'Bold', 'Minimal', 'Kinetic', 'Retro', 'Glass', 'Sunset', 'Midnight', 'Paper', 'Pulse', 'Aurora', 'Crisp', 'Velvet', 'Electric', 'Calm', 'Swift'];
const nouns = ['Launch', 'Reveal', 'Countdown', 'Showcase', 'Spotlight', 'Promo', 'Teaser', 'Story', 'Intro', 'Drop', 'Invite', 'Highlight', 'Walkthrough', 'Recap'];
const tags = ['countdown', 'typography', 'gradient', '3d', 'logo reveal', 'mockup', 'phone', 'laptop', 'sale', 'discount', 'webinar', 'conference', 'quote', 'review', 'team', 'careers', 'minimal', 'playful', 'corporate', 'tech', 'fashion', 'food', 'fitness'];
const brands = ['Lumen Audio', 'Fernhill Coffee', 'Northwind Bikes', 'Orbit Labs', 'Kestrel Finance', 'Maple & Moss', 'Tidepool Health', 'Brightline CRM', 'Juniper Skincare', 'Atlas Outdoor'];
const zipf = realistic ? createZipfVocabulary(createPrng(Number(values.seed) + 1)) : undefined;
const capitalize = (w: string) => w[0]!.toUpperCase() + w.slice(1);
/** `n` words drawn from the realistic vocabulary. */
const drawWords = (n: number) => Array.from({ length: n }, () => zipf!.draw());
const hex = () => `#${Math.floor(rand() * 0xffffff).toString(16).padStart(6, '0')}`;

rmSync(values.out, { recursive: true, force: true });
mkdirSync(values.out, { recursive: true });
writeFileSync(
  join(values.out, '_categories.json'),
  JSON.stringify(categories.map(([id, label, description]) => ({ id, label, description })), null, 2),
);
// The search's synonyms and filter words travel with a realistic catalog, as they do with the real one.
if (realistic) for (const table of ['_synonyms.json', '_filter-words.json']) copyFileSync(join('templates', table), join(values.out, table));
const start = Date.parse('2023-01-01T00:00:00Z');
for (let i = 0; i < count; i++) {
  const [category] = pick(categories);
  const title = zipf ? `${drawWords(prng.between(2, 4)).map(capitalize).join(' ')} ${i + 1}` : `${pick(adjectives)} ${pick(nouns)} ${i + 1}`;
  const slug = title.toLowerCase().replaceAll(' ', '-');
  const tier = rand() < 0.35 ? 'free' : 'premium';
  const formats = pick([['16:9'], ['9:16'], ['16:9', '9:16']] as const);
  const brand = pick(brands);
  const file = {
    id: `syn-${i + 1}`,
    slug,
    title,
    description: zipf
      ? `${capitalize(drawWords(prng.between(18, 40)).join(' '))}, editable copy and your brand colours throughout.`
      : `A ${pick([6, 10, 15, 30, 60])}-second ${title.toLowerCase()} for ${category.replace('-', ' ')} videos, with ${pick(tags)} styling, editable copy and your brand colours throughout.`,
    category,
    tier,
    priceCents: tier === 'free' ? 0 : pick([900, 1500, 1900, 2900, 4900]),
    durationSeconds: pick([6, 10, 15, 20, 30, 45, 60]),
    formats,
    editable: { text: 1 + Math.floor(rand() * 9), images: Math.floor(rand() * 6), colors: 1 + Math.floor(rand() * 4), music: rand() < 0.8, voice: rand() < 0.3 },
    tags: (zipf ? drawWords(prng.between(3, 6)) : [pick(tags), pick(tags), pick(tags)]).filter((t, n, all) => all.indexOf(t) === n),
    palette: [hex(), hex(), hex()],
    examples: [{ brand, format: formats[0], video: `examples/${slug}-${brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.mp4` }],
    version: `1.${i % 10}.0`,
    publishedAt: new Date(start + Math.floor(rand() * 1000 * 86400) * 1000).toISOString(),
  };
  writeFileSync(join(values.out, `${slug}.json`), JSON.stringify(file));
}
console.log(`wrote ${count} templates to ${values.out}`);
