import type { Category } from '../../schemas/catalog-file.ts';
import type { Template } from '../../schemas/template.ts';
import { createTemplateSearch, type SearchAnswer } from '../search/create-template-search.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { createFacetCodes, type FacetCodes } from './facet-codes.ts';

/** The catalog in memory: what every operation reads. Immutable once created. */
export interface Catalog {
  categories: readonly Category[];
  /** Newest first (publishedAt, then title). */
  templates: readonly Template[];
  index: SearchIndex;
  /** Every id and every slug, mapped to its template. */
  byRef: ReadonlyMap<string, Template>;
  /** Facet values as numbers, by position, for counting facets over many matches. */
  facetCodes: FacetCodes;
  /** Ids matching free text, best first (remembers recent queries). */
  search(q: string): readonly string[];
  /** The same search as positions in `templates` (ranked), with its "did you mean" suggestion. */
  answerSearch(q: string): SearchAnswer;
}

/** Newest first by publishedAt (undated last), then by title. */
export function compareNewestFirst(a: Template, b: Template): number {
  const da = a.publishedAt ? Date.parse(a.publishedAt) : -Infinity;
  const db = b.publishedAt ? Date.parse(b.publishedAt) : -Infinity;
  return db - da || a.title.localeCompare(b.title, 'en');
}

/** Assembles the runtime catalog from templates, categories and a built or loaded index. */
export function createCatalog(categories: readonly Category[], templates: readonly Template[], index: SearchIndex): Catalog {
  const sorted = [...templates].sort(compareNewestFirst);
  const byRef = new Map<string, Template>();
  for (const t of sorted) {
    byRef.set(t.id, t);
    byRef.set(t.slug, t);
  }
  const answerSearch = createTemplateSearch(index, sorted);
  return { categories, templates: sorted, index, byRef, facetCodes: createFacetCodes(sorted), search: (q) => answerSearch(q).ids, answerSearch };
}
