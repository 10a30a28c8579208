import { Charset, Index } from 'flexsearch';
import MiniSearch from 'minisearch';
import { readSearchFields } from '../../src/core/search/search-options.ts';
import type { Template } from '../../src/schemas/template.ts';

/** A peer search engine over the same templates: ids best first. */
export interface PeerSearch {
  name: string;
  search(q: string): readonly string[];
}

/** The search before this one: MiniSearch whole-query (AND, prefix on the last word, fuzzy 0.2 from 5 letters). */
export const MINISEARCH_OPTIONS = {
  fields: ['title', 'description', 'category', 'tags', 'brands'],
  searchOptions: {
    boost: { title: 4, tags: 2, category: 1.5, brands: 1.5 },
    prefix: (_t: string, i: number, all: string[]) => i === all.length - 1,
    fuzzy: (t: string) => (t.length >= 5 ? 0.2 : false),
    maxFuzzy: 2,
    combineWith: 'AND' as const,
  },
};

/** Plain MiniSearch: one whole-query search (no per-word memo, no fallback). */
export function createMiniSearchPeer(templates: readonly Template[]): PeerSearch & { index: MiniSearch } {
  const index = new MiniSearch(MINISEARCH_OPTIONS);
  index.addAll(templates.map((t) => ({ id: t.id, ...readSearchFields(t) })));
  return { name: 'MiniSearch 7, whole query', index, search: (q) => index.search(q).map((r) => r.id as string) };
}

/** FlexSearch 0.8 over each template's text: default options, or its typo-tolerant tokenizer. */
export function createFlexSearchPeer(templates: readonly Template[], tolerant: boolean): PeerSearch {
  const index = tolerant ? new Index({ tokenize: 'tolerant', encoder: Charset.LatinBalance }) : new Index();
  templates.forEach((t, i) => {
    const f = readSearchFields(t);
    index.add(i, `${f.title} ${f.tags} ${f.category} ${f.brands} ${f.description}`);
  });
  return {
    name: tolerant ? 'FlexSearch 0.8, tolerant tokenizer + LatinBalance' : 'FlexSearch 0.8, default',
    search: (q) => (index.search(q, { limit: 100 }) as number[]).map((i) => templates[i]!.id),
  };
}
