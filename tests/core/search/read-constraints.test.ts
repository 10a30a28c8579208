import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../../src/core/catalog/catalog.ts';
import { createConstraintReader } from '../../../src/core/search/read-constraints.ts';
import { buildSearchIndex } from '../../../src/core/search/search-index.ts';
import { normalizeQuery } from '../../../src/core/search/search-options.ts';
import type { Template } from '../../../src/schemas/template.ts';
import { readFilterWords, readSynonyms } from '../../../src/site/load-site-catalog.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const words = readFilterWords('templates');
const reader = createConstraintReader(words, catalog.topicalPairs);
const read = (q: string, given = {}) => reader(normalizeQuery(q), given);

describe('createConstraintReader', () => {
  it.for([
    ['free portrait launch clip', { tier: 'free', format: '9:16' }, 'launch clip'],
    ['a premium 16:9 promo', { tier: 'premium', format: '16:9' }, 'a promo'],
    ['paid tiktok ad', { tier: 'premium', format: '9:16' }, 'ad'],
    ['reels in 9 x 16', { format: '9:16' }, 'in'],
    ['landscape format promo', { format: '16:9' }, 'promo'],
    ['under 20 seconds', { durationSeconds: { below: 20 } }, ''],
    ['at least a minute long', { durationSeconds: { min: 60 } }, ''],
    ['a 15-second promo', { durationSeconds: { min: 15, max: 15 } }, 'a promo'],
    ['promo 30s or less', { durationSeconds: { max: 30 } }, 'promo'],
    ['between 10 and 20 sec teaser', { durationSeconds: { min: 10, max: 20 } }, 'teaser'],
    ['10 to 30 seconds', { durationSeconds: { min: 10, max: 30 } }, ''],
    ['1.5 minutes', { durationSeconds: { min: 90, max: 90 } }, ''],
    ['shorter than two minutes', { durationSeconds: { below: 120 } }, ''],
    ['up to two minutes', { durationSeconds: { max: 120 } }, ''],
    ['no more than 30 s', { durationSeconds: { max: 30 } }, ''],
    ['30 s or less', { durationSeconds: { max: 30 } }, ''],
    ['longer than 30 s', { durationSeconds: { above: 30 } }, ''],
    ['more than a minute', { durationSeconds: { above: 60 } }, ''],
    ['above 45 seconds', { durationSeconds: { above: 45 } }, ''],
    ['30 seconds or more', { durationSeconds: { min: 30 } }, ''],
    ['fewer than 3 images', { editable: { images: { below: 3 } } }, ''],
    ['more than 4 photos', { editable: { images: { above: 4 } } }, ''],
    ['with a voice-over', { editable: { voice: true } }, ''],
    ['launch with voiceover', { editable: { voice: true } }, 'launch'],
    ['recap with narration and music', { editable: { voice: true, music: true } }, 'recap'],
    ['promo without music and voice-over', { editable: { music: false, voice: false } }, 'promo'],
    ['testimonial without music', { editable: { music: false } }, 'testimonial'],
    ['no voice over', { editable: { voice: false } }, ''],
    ['with 3 images', { editable: { images: { min: 3, max: 3 } } }, ''],
    ['at least 5 photos', { editable: { images: { min: 5 } } }, ''],
    ['4 text lines', { editable: { text: { min: 4, max: 4 } } }, ''],
    ['sale under $5', { priceCents: { below: 500 } }, 'sale'],
    ['sale up to $5', { priceCents: { max: 500 } }, 'sale'],
    ['under 12.50 dollars', { priceCents: { below: 1250 } }, ''],
    ['$9 promo', { priceCents: { min: 900, max: 900 } }, 'promo'],
    ['free vertical under 20 s', { tier: 'free', format: '9:16', durationSeconds: { below: 20 } }, ''],
    ['over 10 seconds and under 30 seconds', { durationSeconds: { above: 10, below: 30 } }, 'and'],
    ['at least 10 s and over 10 s', { durationSeconds: { above: 10 } }, 'and'],
    ['up to 30 s and under 30 s', { durationSeconds: { below: 30 } }, 'and'],
  ] as const)('reads "%s" as filters, leaving the words to match', ([q, filters, left]) => {
    const reading = read(q)!;
    expect(reading.filters).toEqual(filters);
    expect(reading.words).toBe(left);
    expect(reading.constraints.every((c) => c.use === 'applied')).toBe(true);
  });

  it('reads nothing where no constraint is written', () => {
    for (const q of ['product launch', 'countdown 3', 'second launch', 'a voice for our brand', 'over the top', '9 lives', 'music festival', 'under the sea']) expect(read(q), q).toBeUndefined();
  });

  it('says each constraint in words and names the search without it', () => {
    const reading = read('free vertical launch under 20 s')!;
    expect(reading.labels).toEqual(['free', 'vertical', 'under 20 s']);
    expect(reading.constraints.map((c) => [c.text, c.label, c.queryWithout])).toEqual([
      ['free', 'free', 'vertical launch under 20 s'],
      ['vertical', 'vertical', 'free launch under 20 s'],
      ['under 20 s', 'under 20 s', 'free vertical launch'],
    ]);
  });

  it('lets a given parameter win over a word, and says so', () => {
    const reading = read('free vertical launch', { tier: 'premium', format: '9:16' })!;
    expect(reading.filters).toEqual({ format: '9:16' });
    expect(reading.constraints[0]).toMatchObject({ text: 'free', use: 'overridden', note: 'tier=premium was given' });
    expect(reading.constraints[1]).toMatchObject({ text: 'vertical', use: 'applied' });
    expect(reading.words).toBe('launch'); // the overridden word is not matched as text either
  });

  it('keeps the first of two contradicting words and says the second was not used', () => {
    const reading = read('free premium intro')!;
    expect(reading.filters).toEqual({ tier: 'free' });
    expect(reading.constraints[1]).toMatchObject({ text: 'premium', use: 'overridden', note: '"free" came first' });
  });
});

/** The sample catalog plus one more template, indexed as the build indexes it. */
function catalogWith(extra: Partial<Template>) {
  const base = catalog.templates[0]!;
  const templates = [...catalog.templates, { ...base, id: 'tpl-extra', slug: 'extra', tags: [], examples: [], ...extra }];
  return createCatalog(catalog.categories, templates, buildSearchIndex(templates, readSynonyms('templates')), words);
}

describe('createConstraintReader on what the catalog contains', () => {
  it('keeps a filter word that the catalog uses beside the next word as a word ("free shipping")', () => {
    const reading = read('free shipping')!;
    expect(reading.constraints[0]).toMatchObject({ text: 'free', use: 'topical', note: 'the catalog has "free shipping"' });
    expect(reading.filters).toEqual({});
    expect(reading.words).toBe('free shipping');
  });

  it('decides by the catalog, not by a list: the same words turn topical once a template is named with them', () => {
    expect(read('free trial countdown')?.filters).toEqual({ tier: 'free' });
    const withTrial = catalogWith({ title: 'Free Trial Countdown', tier: 'premium', priceCents: 1900 });
    const answer = withTrial.answerSearch('free trial countdown');
    expect(answer.reading?.constraints[0]).toMatchObject({ use: 'topical', note: 'the catalog has "free trial"' });
    expect(withTrial.templates[answer.positions[0]!]!.slug).toBe('extra'); // a premium template, found by its name
  });

  it('keeps a word that follows a format word as a word when a template is named with it ("meme format")', () => {
    const reading = read('vertical format teaser')!;
    expect(reading.filters).toEqual({ format: '9:16' });
    expect(reading.words).toBe('format teaser');
    expect(read('vertical format launch')!.words).toBe('launch'); // no template is named "format launch"
  });

  it('reads a decade as a style word, not a duration ("1980s", "\'90s", "80s" when the catalog tags it)', () => {
    for (const q of ['retro 1980s', "retro '90s look", "90's vibe", 'a 2010s throwback']) expect(read(q), q).toBeUndefined();
    expect(read('retro 80s style')!.constraints[0]).toMatchObject({ text: '80s', use: 'topical', note: 'the catalog has "80s"' });
    expect(read('retro 80s style')!.filters).toEqual({});
    expect(read('event invite 20s')!.filters).toEqual({ durationSeconds: { min: 20, max: 20 } }); // no template is tagged "20s"
    expect(read('under 80s')!.filters).toEqual({ durationSeconds: { below: 80 } }); // a bound makes it a duration
    expect(read('80s long')!.filters).toEqual({ durationSeconds: { min: 80, max: 80 } });
  });

  it('keeps a number and its unit as words when a title has them ("three-second hook")', () => {
    expect(read('three second hook')!.constraints[0]).toMatchObject({ text: 'three second', use: 'topical' });
    expect(read('three second teaser')!.constraints[0]).toMatchObject({ use: 'topical' }); // "three second" is a title's pair too
    expect(read('3 second teaser')!.filters).toEqual({ durationSeconds: { min: 3, max: 3 } });
  });
});
