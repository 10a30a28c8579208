import { describe, expect, it } from 'vitest';
import { createTemplateSearch } from '../../../src/core/search/create-template-search.ts';
import { FEW_MATCHES, normalizeQuery } from '../../../src/core/search/search-options.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';
import { CONSTRAINT_QUERIES } from '../../search/judged-constraint-queries.ts';
import { MEANING_QUERIES } from '../../search/judged-meaning-queries.ts';
import { JUDGED_QUERIES } from '../../search/judged-queries.ts';
import { scoreRelevance } from '../../search/score-relevance.ts';

const catalog = loadSampleCatalog();
/** Judged queries of words alone (constraint words are read before this search: create-query-search). */
const WORD_QUERIES = JUDGED_QUERIES.filter((j) => !j.meets && !j.first);
const slugOf = (id: string) => catalog.byRef.get(id)!.slug;

describe('createTemplateSearch', () => {
  it('puts an answer of every judged query of plain words in its first five, with its memos on or off', () => {
    for (const rememberQueries of [true, false]) {
      const search = createTemplateSearch(catalog.index, catalog.templates, { rememberQueries });
      const result = scoreRelevance(WORD_QUERIES, (q) => search(q).ids.map(slugOf));
      const misses = result.outcomes.filter((o) => o.rank === 0 || o.rank > 5).map((o) => `${o.q} (rank ${o.rank || 'none'})`);
      expect(misses, `memos ${rememberQueries ? 'on' : 'off'}`).toEqual([]);
    }
  });

  it('gives the same answer from memory as from a fresh search', () => {
    const warm = createTemplateSearch(catalog.index, catalog.templates);
    const fresh = createTemplateSearch(catalog.index, catalog.templates, { rememberQueries: false });
    const queries = WORD_QUERIES.map((j) => j.q);
    for (const q of queries) warm(q);
    for (const q of queries) warm(q);
    for (const q of queries) expect(warm(`  ${q.toUpperCase()} `), q).toEqual(fresh(q));
    expect(warm.stats.memoHits).toBe(queries.length); // the third asking of each came from memory
  });

  it('answers a query the same whatever was asked before it (the word memo changes nothing but speed)', () => {
    const queries = [...JUDGED_QUERIES, ...CONSTRAINT_QUERIES, ...MEANING_QUERIES].map((j) => j.q);
    for (const q of queries) {
      const alone = createTemplateSearch(catalog.index, catalog.templates)(q).ids;
      const after = createTemplateSearch(catalog.index, catalog.templates);
      for (const other of queries) if (other !== q) after(other);
      expect(after(q).ids, q).toEqual(alone);
    }
    // Every query after every other (~20,000 searches): ~15 s on an idle machine, twice that under CI's load.
  }, 120_000);

  it('ranks templates with every word in their title or tags above those with a word only elsewhere', () => {
    const search = createTemplateSearch(catalog.index, catalog.templates);
    for (const q of ['neon countdown', 'black friday', 'retro vhs', 'gala', 'podcast audiogram', 'trade show booth', 'glitch']) {
      const strong = (id: string) => {
        const t = catalog.byRef.get(id)!;
        const text = normalizeQuery(`${t.title} ${t.tags?.join(' ')}`);
        return q.split(' ').every((w) => text.includes(w));
      };
      const ids = search(q).ids;
      expect(ids.length, q).toBeGreaterThan(0);
      expect(strong(ids[0]!), q).toBe(true);
      expect(ids, q).toEqual([...ids.filter(strong), ...ids.filter((id) => !strong(id))]);
    }
  });

  it('adds a rare stop word to the score without requiring it: "whats new" puts the template named so first', () => {
    const search = createTemplateSearch(catalog.index, catalog.templates);
    const plain = search('new').ids;
    const withWhats = search('whats new').ids;
    expect(slugOf(withWhats[0]!)).toBe('whats-new-app-update');
    expect(new Set(withWhats)).toEqual(new Set(plain));
  });

  it('follows fewer than five templates with every word by those with all but the commonest: "team launch"', () => {
    const search = createTemplateSearch(catalog.index, catalog.templates);
    const [team, launch] = [new Set(search('team').ids), new Set(search('launch').ids)];
    expect(team.size).toBeLessThan(launch.size);
    const both = [...team].filter((id) => launch.has(id));
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(FEW_MATCHES);
    const ids = search('team launch').ids;
    expect(new Set(ids.slice(0, both.length))).toEqual(new Set(both));
    expect(new Set(ids)).toEqual(team);
  });

  it('adds nothing when five or more templates have every word: "app promo"', () => {
    const search = createTemplateSearch(catalog.index, catalog.templates);
    const [app, promo] = [new Set(search('app').ids), new Set(search('promo').ids)];
    const both = [...app].filter((id) => promo.has(id));
    expect(both.length).toBeGreaterThanOrEqual(FEW_MATCHES);
    expect(new Set(search('app promo').ids)).toEqual(new Set(both));
  });
});
