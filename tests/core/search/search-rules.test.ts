import { describe, expect, it } from 'vitest';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { allowedEdits } from '../../../src/core/search/search-options.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const slugs = (q: string) => catalog.search(q).map((id) => catalog.byRef.get(id)!.slug);
const top = (q: string, n = 5) => slugs(q).slice(0, n);
const launches = catalog.templates.filter((t) => /\blaunch\b/i.test(t.title)).map((t) => t.slug);

describe('search rules', () => {
  it('treats a swap of neighbouring letters as one typo', () => {
    expect(top('lanuch')).toEqual(expect.arrayContaining(top('launch').filter((s) => launches.includes(s)).slice(0, 3)));
    expect(top('podacst')[0]).toBe('podcast-audiogram-teaser');
    expect(top('webianr')[0]).toBe('webinar-registration-countdown');
  });

  it('keeps short words exact: a 4-letter word allows only a swap, a 3-letter word nothing', () => {
    expect(slugs('gaal')).toContain('gala-save-the-date');
    expect(slugs('gale')).not.toContain('gala-save-the-date'); // a substitution in 4 letters is not a typo here
    expect(slugs('vsh')).toEqual([]);
  });

  it('matches the last word as a prefix, and only the last', () => {
    expect(top('neon count')[0]).toBe('neon-countdown-launch');
    expect(slugs('count')).toContain('black-friday-countdown');
    expect(slugs('count neon')).not.toContain('black-friday-countdown'); // "count" is a whole word here
  });

  it('matches word forms: launching and launches find launch', () => {
    for (const q of ['launches', 'launching', 'launched']) expect(new Set(top(q, launches.length)), q).toEqual(new Set(top('launch', launches.length)));
    expect(top('reviews')).toContain('review-wall-carousel');
  });

  it('matches run-together, hyphenated and split forms alike', () => {
    for (const q of ['walkthrough', 'walk through', 'walk-through']) expect(top(q)[0], q).toBe('cursor-click-walkthrough');
    for (const q of ['preorder', 'pre order', 'pre-order']) expect(top(q)[0], q).toBe('pre-order-launch-teaser');
    expect(top('splitscreen')[0]).toBe('launch-day-split-screen');
  });

  it('lets stop words in a sentence not count against the AND', () => {
    expect(top('a video for our podcast')[0]).toBe('podcast-audiogram-teaser');
    expect(slugs('I need a template for our black friday sale').slice(0, 2).sort()).toEqual(['black-friday-countdown', 'black-friday-product-grid']);
    expect(slugs('templates')).toHaveLength(catalog.templates.length);
    expect(slugs('tmeplate for a gala')[0]).toBe('gala-save-the-date'); // a typo of a stop word is one too
  });

  it('reads "style" and "look" as filler: "X style" asks for X, not for descriptions saying "style"', () => {
    expect(new Set(slugs('reveal style'))).toEqual(new Set(slugs('reveal'))); // the keynote's "stage-style" is not the only answer
    expect(new Set(slugs('retro look'))).toEqual(new Set(slugs('retro')));
  });

  it('applies the synonyms table from templates/_synonyms.json', () => {
    expect(top('careers')).toEqual(expect.arrayContaining(['role-spotlight-job-card']));
    expect(top('jobs')).toContain('were-hiring-bold-type');
    expect(top('xmas')[0]).toBe('holiday-gift-guide');
    expect(top('commercial fitness')[0]).toBe('fitness-app-energy-promo');
  });

  it('reads format words as the format: vertical and 9:16 find only templates offered in 9:16', () => {
    const found = (q: string) => Array.from(catalog.answerSearch(q).positions, (p) => catalog.templates[p]!);
    for (const q of ['vertical sale', 'portrait sale', '9:16 sale', '9x16 sale', '9 / 16 sale']) {
      expect(found(q).length, q).toBeGreaterThan(0);
      expect(found(q).every((t) => t.formats.includes('9:16')), q).toBe(true);
    }
    const wide = found('widescreen keynote');
    expect(wide[0]?.slug).toBe('keynote-stage-opener');
    expect(wide.every((t) => t.formats.includes('16:9'))).toBe(true);
  });

  it('ranks the exact title first, then templates matching in title or tags above description-only ones', () => {
    expect(top('Launch Week Daily Drop')[0]).toBe('launch-week-daily-drop');
    const hits = catalog.search('gradient').map((id) => catalog.byRef.get(id)!);
    const inTitleOrTags = (t: (typeof hits)[number]) => /gradient/i.test(`${t.title} ${t.tags?.join(' ')}`);
    const firstWeak = hits.findIndex((t) => !inTitleOrTags(t));
    expect(firstWeak).toBeGreaterThan(0);
    expect(hits.slice(firstWeak).some(inTitleOrTags)).toBe(false);
  });
});

describe('listTemplates suggestion', () => {
  it('says what was meant when a word is not in the catalog as typed', () => {
    expect(listTemplates(catalog, { q: 'prodcut lanuch' }).suggestion).toBe('product launch');
    expect(listTemplates(catalog, { q: 'a testimonail for our store' }).suggestion).toBe('a testimonial for our store');
    const none = listTemplates(catalog, { q: 'podcsat epsiode' });
    expect(none.suggestion).toBe('podcast episode');
  });

  it('has no suggestion when every word is found, or nothing is near', () => {
    expect(listTemplates(catalog, { q: 'product launch' })).not.toHaveProperty('suggestion');
    expect(listTemplates(catalog, { q: 'qwxzvbn' })).not.toHaveProperty('suggestion');
    expect(listTemplates(catalog, {})).not.toHaveProperty('suggestion');
  });
});

describe('search limits', () => {
  it('answers long and odd queries quickly: no typo matching past 24 letters', () => {
    const queries = ['abcdefghijklmnopqrstuvwxyz'.repeat(7), Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '), '🙂 ünïcödé', 'lanuchh prodcutt testimonail webinr hirign podacst'];
    const t0 = performance.now();
    for (const q of queries) catalog.answerSearch(q);
    expect(performance.now() - t0).toBeLessThan(100); // the 182-letter word alone took 116 ms with typo matching
    expect(allowedEdits('x'.repeat(25))).toBe(0);
  });
});
