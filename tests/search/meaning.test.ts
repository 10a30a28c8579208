import { describe, expect, it } from 'vitest';
import { loadSearchIndex, serializeSearchIndex } from '../../src/core/search/search-index.ts';
import { stemWord } from '../../src/core/search/stem-word.ts';
import { tokenizeText } from '../../src/core/search/tokenize-text.ts';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';
import { FRESH_MEANING_QUERIES } from './judged-meaning-fresh.ts';
import { LATER_MEANING_QUERIES } from './judged-meaning-later.ts';
import { MEANING_QUERIES } from './judged-meaning-queries.ts';
import { scoreRelevance } from './score-relevance.ts';

/**
 * Floors a margin below the measured figures (before search by meaning: success@5 0.71, MRR 0.59;
 * when it landed: 0.80, 0.71; tuned 0.955, 0.819; since templates reached only by meaning follow
 * every literal match, 0.932, 0.807: "bargain event" puts the event templates first). The goal
 * is 0.9 and 0.75; a change must not drop below these.
 */
const FLOORS = { successAt5: 0.92, mrr: 0.79 };
/** The queries written after the tuning (0.795, 0.646 when added; 0.773, 0.651 with meaning after literal matches): no goal, a floor. */
const LATER_FLOORS = { successAt5: 0.75, mrr: 0.63 };
/**
 * The fifth round's set, written and committed before the round's changes (untouched code:
 * 0.881, 0.819); measured 0.905, 0.829 after them (one synonym group, fundraiser/fundraising,
 * a word form the stemmer splits). The floors are the goal: one query above it.
 */
const FRESH_FLOORS = { successAt5: 0.9, mrr: 0.75 };

const catalog = loadSampleCatalog();
const slugs = (q: string) => Array.from(catalog.answerSearch(q).positions, (p) => catalog.templates[p]!.slug);

describe('search by meaning on the judged set of everyday words', () => {
  it('is judged on at least 40 queries, each answer a real template', () => {
    expect(MEANING_QUERIES.length).toBeGreaterThanOrEqual(40);
    for (const j of [...MEANING_QUERIES, ...LATER_MEANING_QUERIES]) for (const slug of j.answers) expect(catalog.byRef.has(slug), `${j.q}: ${slug}`).toBe(true);
  });

  it(`reaches success@5 ≥ ${FLOORS.successAt5} and MRR ≥ ${FLOORS.mrr}`, () => {
    const result = scoreRelevance(MEANING_QUERIES, slugs);
    const misses = result.outcomes.filter((o) => o.rank === 0 || o.rank > 5).map((o) => `${o.q} (rank ${o.rank || 'none'})`);
    expect(result.successAt5, `missed: ${misses.join('; ')}`).toBeGreaterThanOrEqual(FLOORS.successAt5);
    expect(result.mrr).toBeGreaterThanOrEqual(FLOORS.mrr);
  });

  it(`reaches success@5 ≥ ${LATER_FLOORS.successAt5} and MRR ≥ ${LATER_FLOORS.mrr} on queries written after the tuning`, () => {
    const result = scoreRelevance(LATER_MEANING_QUERIES, slugs);
    expect(LATER_MEANING_QUERIES.length).toBeGreaterThanOrEqual(40);
    expect(result.successAt5).toBeGreaterThanOrEqual(LATER_FLOORS.successAt5);
    expect(result.mrr).toBeGreaterThanOrEqual(LATER_FLOORS.mrr);
  });

  it(`reaches success@5 ≥ ${FRESH_FLOORS.successAt5} and MRR ≥ ${FRESH_FLOORS.mrr} on a set written before the fifth round, each query finding something`, () => {
    expect(FRESH_MEANING_QUERIES.length).toBeGreaterThanOrEqual(40);
    for (const j of FRESH_MEANING_QUERIES) for (const slug of j.answers) expect(catalog.byRef.has(slug), `${j.q}: ${slug}`).toBe(true);
    const result = scoreRelevance(FRESH_MEANING_QUERIES, slugs);
    const misses = result.outcomes.filter((o) => o.rank === 0 || o.rank > 5).map((o) => `${o.q} (rank ${o.rank || 'none'})`);
    expect(result.successAt5, `missed: ${misses.join('; ')}`).toBeGreaterThanOrEqual(FRESH_FLOORS.successAt5);
    expect(result.mrr).toBeGreaterThanOrEqual(FRESH_FLOORS.mrr);
    expect(result.outcomes.filter((o) => o.returned === 0).map((o) => o.q)).toEqual([]);
  });

  it('relates every part of speech a catalog word may have: "hilarious" and "comic" reach the tag "funny"', () => {
    const terms = (word: string) => catalog.index.related.get(word)?.map(([term]) => term) ?? [];
    expect(terms('hilarious')).toContain('funny');
    expect(terms('comic')).toContain('funny');
  });

  it('reaches the catalog from words it lacks: jogging → the fitness app, parcel → the unboxing', () => {
    expect(slugs('jogging')[0]).toBe('fitness-app-energy-promo');
    expect(slugs('parcel')).toContain('unboxing-first-look');
  });

  it('weighs a match by meaning below the word itself: "workout" puts the template tagged so first', () => {
    expect(slugs('exercise app')).toContain('fitness-app-energy-promo');
    expect(slugs('workout')[0]).toBe('fitness-app-energy-promo');
  });

  it('relates through the sense a catalog word has here: "charity" does not reach "launch" (set up or found)', () => {
    const charity = catalog.index.related.get('charity')?.map(([term]) => term) ?? [];
    expect(charity).not.toContain('launch');
    expect(slugs('charity ball invitation').slice(0, 5)).toContain('gala-save-the-date');
  });

  it('takes a word WordNet relates to the catalog as meant, not as a typo: "costs" is a price, not "posts"', () => {
    expect(slugs('costs')).toContain('pricing-plan-explainer');
    expect(slugs('costs')).not.toContain('whats-new-app-update');
    expect(catalog.answerSearch('costs').suggestion).toBeUndefined();
  });

  it('widens a word the catalog has only in descriptions by its close meanings, beside other words too', () => {
    expect(slugs('subscription costs explained')[0]).toBe('pricing-plan-explainer');
    // "people" relates only loosely (business, community): the webinar stays the answer.
    expect(slugs('invite people to our webinar')[0]).toBe('webinar-registration-countdown');
  });

  it('keeps no related words for a word a title, tag or synonym group has: search finds it directly', () => {
    for (const t of catalog.templates) for (const w of tokenizeText(`${t.title} ${(t.tags ?? []).join(' ')}`)) expect(catalog.index.related.get(w), w).toBeUndefined();
  });

  it('reads a definition\'s inflected word as its part of speech: summer is "the warmest season", warm the adjective', () => {
    const terms = (word: string) => catalog.index.related.get(word)?.map(([term]) => term) ?? [];
    expect(terms('warm')).toContain('summer');
    expect(terms('hot')).toContain('summer'); // hot is warm's "see also"
  });

  it('files a word under its own lemma: "concert" reaches music, not the corporate of "concerted", its stem\'s other lemma', () => {
    const terms = (word: string) => catalog.index.related.get(word)?.map(([term]) => term) ?? [];
    expect(stemWord('concerted')).toBe(stemWord('concert'));
    expect(terms('concert')).toContain('music');
    expect(terms('concert')).not.toContain('corporate');
    expect(terms('concerted')).toContain('corporate');
    expect(slugs('concerts')).toEqual(slugs('concert'));
    expect(slugs('concert')).toContain('music-festival-hype-reel');
  });

  it('carries the related words in the index file the build writes, read back the same', () => {
    const back = loadSearchIndex(serializeSearchIndex(catalog.index));
    expect(back.related.size).toBe(catalog.index.related.size);
    expect(back.related.get('jogging')).toEqual(catalog.index.related.get('jogging'));
    expect(back.related.get('jogging')?.map(([term]) => term)).toContain('workout');
  });
});
