import { describe, expect, it } from 'vitest';
import { createColumnCatalog, createColumnSearch } from '../../../src/core/catalog/column-catalog.ts';
import { ColumnsOnlyError, encodeListColumns, encodeSearchColumns, readListColumns } from '../../../src/core/catalog/list-columns.ts';
import { findShownPositions, listTemplates } from '../../../src/core/operations/list-templates.ts';
import { loadSearchIndex, serializeSearchIndex } from '../../../src/core/search/search-index.ts';
import type { ListQuery } from '../../../src/schemas/queries.ts';
import { HONEST_QUERIES } from '../../search/judged-honest.ts';
import { FRESH_MEANING_QUERIES } from '../../search/judged-meaning-fresh.ts';
import { LATER_MEANING_QUERIES } from '../../search/judged-meaning-later.ts';
import { MEANING_QUERIES } from '../../search/judged-meaning-queries.ts';
import { JUDGED_QUERIES } from '../../search/judged-queries.ts';
import { MISSPELLINGS } from '../../search/judged-suggestions.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const ids = catalog.templates.map((t) => t.id);
const shardOf = (t: { id: string }) => t.id.length % 3;
/** The columns as a function reads them: written, then parsed (with the search's and the index's ids for a search). */
const readBack = (withSearch = false) =>
  readListColumns(JSON.parse(JSON.stringify(encodeListColumns(catalog.templates, shardOf))), ids.length, 3, withSearch ? { file: JSON.parse(JSON.stringify(encodeSearchColumns(catalog.templates))), ids } : undefined);

/** The list's answer from the columns: the page found over the stand-ins (searching `index`), then answered with its whole templates in place. */
function listFromColumns(query: ListQuery, withWords: boolean, index = catalog.index): string {
  const columns = readBack(withWords);
  const words = withWords ? createColumnSearch(columns, index, catalog.filterWords, catalog.topicalPairs) : undefined;
  const shown = findShownPositions(createColumnCatalog(catalog.categories, columns, new Map(), words), query);
  const whole = new Map(shown.map((p) => [p, catalog.templates[p]!]));
  return JSON.stringify(listTemplates(createColumnCatalog(catalog.categories, columns, whole, words), query));
}

describe('createColumnCatalog', () => {
  it('lists a page as the whole catalog does once its templates are in their places', () => {
    for (const query of [{ limit: 4 }, { limit: 5, offset: 7, sort: 'price' as const }, { limit: 3, tier: 'free' as const, sort: 'duration' as const }]) {
      expect(listFromColumns(query, false)).toBe(JSON.stringify(listTemplates(catalog, query)));
    }
  });

  it('searches as the whole catalog does with a search over the columns: order, reading, facets, why and "did you mean"', () => {
    const [first] = catalog.templates;
    const queries: ListQuery[] = [
      { q: 'launch', limit: 5 },
      { q: first!.title, limit: 3 },
      { q: 'free vertical countdown under 20 seconds', limit: 4 },
      { q: 'premium sale with music', limit: 2, offset: 1 },
      { q: 'lanch vidoe', limit: 3 },
      { q: 'a template', limit: 3, sort: 'price' },
      { q: 'hiring', limit: 2, category: first!.category, format: '9:16' },
      { q: 'cheapest intro', limit: 3 },
      { q: 'zzzqqq', limit: 3 },
    ];
    for (const query of queries) expect(listFromColumns(query, true), query.q).toBe(JSON.stringify(listTemplates(catalog, query)));
  });

  it('answers every judged query as the whole catalog does from an index whose postings are decoded as the query reads them', () => {
    const bytes = serializeSearchIndex(catalog.index);
    const queries = [JUDGED_QUERIES, MEANING_QUERIES, FRESH_MEANING_QUERIES, LATER_MEANING_QUERIES, HONEST_QUERIES, MISSPELLINGS].flatMap((set) => set.map(({ q }) => q));
    expect(queries.length).toBeGreaterThan(100);
    for (const q of queries) {
      // A fresh index each time: a word one query decoded never stands in for a word another needs.
      const lazy = loadSearchIndex(bytes, { lazyPostings: true });
      expect(listFromColumns({ q, limit: 5 }, true, lazy), q).toBe(JSON.stringify(listTemplates(catalog, { q, limit: 5 })));
    }
  });

  it('cannot search without the index', () => {
    expect(() => listTemplates(createColumnCatalog(catalog.categories, readBack(), new Map()), { q: 'launch', limit: 3 })).toThrow(ColumnsOnlyError);
  });
});
