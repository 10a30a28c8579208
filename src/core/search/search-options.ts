import type { Template } from '../../schemas/template.ts';
import type { SearchField } from './ranking.ts';

/** Most vocabulary words one prefix may stand for (the commonest are kept), bounding fan-out. */
export const MAX_PREFIX_TERMS = 24;

/**
 * Edits a query word may be away from a vocabulary word (Damerau: a swap of neighbours is one
 * edit): none under 4 letters, only a swap at 4, one edit from 5, two from 8 (MiniSearch's
 * 0.2 × length, rounded). Only for words the index does not have as typed or as a word form.
 */
export function allowedEdits(word: string): number {
  if (word.length > MAX_TYPO_WORD) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Longest word given typo matching: past it, no real word, and the deletions grow with the square. */
export const MAX_TYPO_WORD = 24;

/**
 * Fewer templates than this with every word of a query, and those with all but its commonest
 * follow them (create-template-search.ts). The judged sets score the same from 2 to 20.
 */
export const FEW_MATCHES = 5;

/** The text of each field of a template (a field's boost is in FIELD_BOOSTS, ranking.ts). */
export function readSearchFields(t: Template): Record<SearchField, string> {
  return {
    title: t.title,
    tags: (t.tags ?? []).join(' '),
    category: `${t.category.replaceAll('-', ' ')} ${t.categoryLabel ?? ''}`,
    brands: (t.examples ?? []).map((e) => e.brand).join(' '),
    description: t.description,
  };
}

/** Lower-cased, single-spaced, trimmed: the form queries and titles are compared in. */
export function normalizeQuery(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** How a search is made. */
export interface SearchOptions {
  /** Keep whole queries' answers (from their second sighting on); default true. */
  rememberQueries?: boolean;
  /**
   * A search asked once (a cold isolate's first, before the whole catalog is in): lookups that
   * pay off over many queries are not made (the titles' index: each query reads its matches'
   * titles; the typos' index and the filters' columns are made when first needed).
   */
  once?: boolean;
}
