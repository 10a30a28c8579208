import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../../src/core/catalog/catalog.ts';
import { listTemplates } from '../../../src/core/operations/list-templates.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const shared = loadSampleCatalog();
const build = (searchOnFirstUse: boolean) => createCatalog(shared.categories, shared.templates, shared.index, shared.filterWords, { topicalPairs: shared.topicalPairs, searchOnFirstUse });
const ids = (answer: ReturnType<typeof listTemplates>) => answer.templates.map((t) => t.id);

describe('createCatalog', () => {
  it('answers lists, filters, searches and hints the same whether its search waits for first use or not', () => {
    const [eager, lazy, prepared] = [build(false), build(true), build(true)];
    prepared.prepareSearch();
    const queries = [{}, { tier: 'free' as const }, { q: 'launch' }, { q: 'free vertical launch' }, { q: 'lanch', limit: 3 }, { category: 'hiring', format: '9:16' as const }];
    for (const query of queries) {
      const want = ids(listTemplates(eager, query));
      expect(want.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(ids(listTemplates(lazy, query)), JSON.stringify(query)).toEqual(want);
      expect(ids(listTemplates(prepared, query)), JSON.stringify(query)).toEqual(want);
    }
    expect(lazy.search('black friday')).toEqual(eager.search('black friday'));
    expect(lazy.answerSearch('vertical sale').positions).toEqual(eager.answerSearch('vertical sale').positions);
  });
});
