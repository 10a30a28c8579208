/**
 * A synthetic catalog of any size, as the files a catalog folder holds (scripts/generate-catalog.ts
 * writes them; tests validate them in memory). Deterministic for a given seed. `small` writes
 * from ~70 words; `realistic` writes titles, tags and descriptions from thousands of words with a
 * Zipf-like spread (scripts/bench/realistic-words.ts), and travels with the repository's synonyms
 * and filter words, as the real catalog does.
 */
import { createZipfVocabulary } from '../bench/realistic-words.ts';
import { createPrng } from './prng.ts';

/** What to generate. */
export interface SyntheticOptions {
  count: number;
  seed: number;
  vocabulary: 'small' | 'realistic';
}

/** The folder's files: `_categories.json` and one `{slug}.json` per template, as text; `tables` the `_` tables to copy from templates/. */
export interface SyntheticCatalog {
  categories: string;
  files: { name: string; text: string }[];
  tables: string[];
}

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
const capitalize = (w: string) => w[0]!.toUpperCase() + w.slice(1);

/** The catalog's files for `options` (the same options give the same text). */
export function createSyntheticCatalog({ count, seed, vocabulary }: SyntheticOptions): SyntheticCatalog {
  const prng = createPrng(seed);
  const rand = prng.next;
  const pick = prng.pick;
  const zipf = vocabulary === 'realistic' ? createZipfVocabulary(createPrng(seed + 1)) : undefined;
  /** `n` words drawn from the realistic vocabulary. */
  const drawWords = (n: number) => Array.from({ length: n }, () => zipf!.draw());
  const hex = () => `#${Math.floor(rand() * 0xffffff).toString(16).padStart(6, '0')}`;

  const files: SyntheticCatalog['files'] = [];
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
    files.push({ name: `${slug}.json`, text: JSON.stringify(file) });
  }
  return {
    categories: JSON.stringify(categories.map(([id, label, description]) => ({ id, label, description })), null, 2),
    files,
    tables: zipf ? ['_synonyms.json', '_filter-words.json'] : [],
  };
}
