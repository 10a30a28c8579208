import { describe, expect, it } from 'vitest';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';
import { JUDGED_QUERIES } from './judged-queries.ts';
import { scoreRelevance } from './score-relevance.ts';

/** Fixed floors: a change to search that drops below them fails `npm test`. */
const FLOORS = { successAt5: 0.95, mrr: 0.8 };

const catalog = loadSampleCatalog();
const result = scoreRelevance(JUDGED_QUERIES, (q) => catalog.search(q).map((id) => catalog.byRef.get(id)!.slug));

describe('search relevance on the judged set', () => {
  it('is judged on at least 60 queries covering every kind, each answer a real template', () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(JUDGED_QUERIES.map((j) => j.kind)).size).toBe(9);
    for (const j of JUDGED_QUERIES) for (const slug of j.answers) expect(catalog.byRef.has(slug), `${j.q}: ${slug}`).toBe(true);
  });

  it(`reaches success@5 ≥ ${FLOORS.successAt5} and MRR ≥ ${FLOORS.mrr}`, () => {
    const misses = result.outcomes.filter((o) => o.rank === 0 || o.rank > 5).map((o) => `${o.q} (rank ${o.rank || 'none'})`);
    expect(result.successAt5, `missed: ${misses.join('; ')}`).toBeGreaterThanOrEqual(FLOORS.successAt5);
    expect(result.mrr).toBeGreaterThanOrEqual(FLOORS.mrr);
  });

  it('returns something for every query that has an answer', () => {
    expect(result.outcomes.filter((o) => o.returned === 0).map((o) => o.q)).toEqual([]);
  });
});
