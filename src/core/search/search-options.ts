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

/**
 * Whether `text` normalized (normalizeQuery) is `query` (already normalized), read a letter at a
 * time while the text is ASCII: most titles differ from a query in their first letters. A cold
 * search at 100,000 templates normalized every matching title, ~25 ms.
 */
export function isNormalizedAs(text: string, query: string): boolean {
  let k = 0;
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Beyond ASCII, case and white space are Unicode's: the whole text is normalized.
    if (c > 0x7f) return normalizeQuery(text) === query;
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
      space = k > 0;
      continue;
    }
    if (space && query.charCodeAt(k++) !== 0x20) return false;
    space = false;
    if (query.charCodeAt(k++) !== (c >= 0x41 && c <= 0x5a ? c + 32 : c)) return false;
  }
  return k === query.length;
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
