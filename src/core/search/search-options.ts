import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import type { Template } from '../../schemas/template.ts';

/** The flat document indexed for each template. */
export interface SearchDocument {
  id: string;
  title: string;
  description: string;
  category: string;
  tags: string;
  brands: string;
}

/**
 * Query-time options. Fuzzy matching only on words of 5+ letters and prefix matching only
 * on the last word (the one being typed) keep short-term fan-out, and so the p99, small.
 */
export const QUERY_OPTIONS: SearchOptions = {
  boost: { title: 4, tags: 2, category: 1.5, brands: 1.5 },
  prefix: (_term, i, terms) => i === terms.length - 1,
  fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  maxFuzzy: 2,
  combineWith: 'AND',
};

/** MiniSearch's own tokenizer and term processing, named so that queries are split the same way. */
export const tokenizeText = MiniSearch.getDefault('tokenize') as (text: string) => string[];
export const processTerm = MiniSearch.getDefault('processTerm') as (term: string) => string | string[] | null | undefined | false;

/** The one options object for building (build time) and loading (server start) the index. */
export const SEARCH_OPTIONS: Options<SearchDocument> = {
  idField: 'id',
  tokenize: tokenizeText,
  processTerm,
  fields: ['title', 'description', 'category', 'tags', 'brands'],
  storeFields: [],
  searchOptions: QUERY_OPTIONS,
};

/** Flattens a template into the fields the index knows. */
export function toSearchDocument(t: Template): SearchDocument {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    category: `${t.category.replaceAll('-', ' ')} ${t.categoryLabel ?? ''}`,
    tags: (t.tags ?? []).join(' '),
    brands: (t.examples ?? []).map((e) => e.brand).join(' '),
  };
}
