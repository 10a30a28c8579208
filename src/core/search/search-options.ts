import type { Template } from '../../schemas/template.ts';

/** The fields indexed for each template, with their boosts (title and tags weigh most). */
export const FIELD_BOOSTS = { title: 4, tags: 2, category: 1.5, brands: 1.5, description: 1 } as const;
export type SearchField = keyof typeof FIELD_BOOSTS;

/** MiniSearch's BM25+ parameters, kept so scores stay comparable with the earlier search. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/**
 * Added to a word's score in a template when the word is in its title or tags, so templates
 * matching there rank above those matching only in the description or brands.
 */
export const STRONG_FIELD_BONUS = 50;

/** Score of the format a template is offered in, matched by a format word (vertical, 16:9). */
export const FORMAT_SCORE = 2;

/** How much a derived match weighs against the word itself (MiniSearch's fuzzy/prefix weights). */
export const MATCH_WEIGHTS = { stem: 0.9, synonym: 0.7, split: 0.9, prefix: 0.375, fuzzy: 0.45 };

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

/** The text of each field of a template. */
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

/** The index term standing for "offered in this format" (no typed word can produce it). */
export const formatTerm = (format: string) => `~${format}`;
