/**
 * Every number that decides the order of a search answer, in one place. The index (build time)
 * bakes the field boosts, BM25+ and the strong-field bonus into each posting's score; the query
 * side weighs how a word matched and adds the words' scores up. Changing one changes the judged
 * set's scores: run `npx vitest run tests/search` and `npm run bench -- search`.
 */

/** The fields indexed for each template, with their boosts (title and tags weigh most). */
export const FIELD_BOOSTS = { title: 4, tags: 2, category: 1.5, brands: 1.5, description: 1 } as const;
export type SearchField = keyof typeof FIELD_BOOSTS;

/** BM25+ parameters (MiniSearch's defaults, so scores stayed comparable when the index became ours). */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/**
 * Added to a word's score in a template when the word is in its title or tags, so templates
 * matching there rank above those matching only in the description or brands.
 */
export const STRONG_FIELD_BONUS = 50;

/**
 * How much a derived match weighs against the word itself (1): a word form, a synonym, the
 * two halves of a run-together word, a prefix and a typo (MiniSearch's prefix and fuzzy weights),
 * and a word related by meaning (times its closeness): at most what a synonym of the catalog's
 * own table weighs, as WordNet's closest relation is one.
 */
export const MATCH_WEIGHTS = { stem: 0.9, synonym: 0.7, split: 0.9, prefix: 0.375, fuzzy: 0.45, meaning: 0.7 };

/**
 * Search by meaning (relate-words.ts, WordNet at build time): a word the catalog lacks reaches
 * at most `keep` catalog words at least `minCloseness` close (the strongest path between their
 * meanings, 0–1) and at least `ofBest` as close as its closest,
 * each weighing MATCH_WEIGHTS.meaning × its closeness: below every direct match. A word the
 * catalog has only in descriptions is widened by what it means (plan-query.ts): alone, by all
 * of it; beside other words, only by words at least `widenBeside` close, as a loose relation
 * would let a description's chance word into their AND ("people" → business).
 */
export const RELATED = { minCloseness: 0.1, ofBest: 0.5, keep: 4, widenBeside: 0.25 };

/** A prefix weighs less the more letters its word adds: prefix × typed / (typed + this × added). */
export const PREFIX_ADDED_LETTER = 0.3;

/** Weight of a vocabulary word reached from `typed` letters as a prefix, `added` letters longer. */
export function weighPrefix(typed: number, added: number): number {
  return (MATCH_WEIGHTS.prefix * typed) / (typed + PREFIX_ADDED_LETTER * added);
}

/** Weight of a vocabulary word `edits` typos away from a typed word of `length` letters. */
export function weighTypo(length: number, edits: number): number {
  return (MATCH_WEIGHTS.fuzzy * length) / (length + edits);
}

/**
 * A run-together word matched as its two halves (walkthrough → walk + through): the halves'
 * AND scores their sum times two, so a quarter of it is their mean, then weighed as a split.
 */
export const SPLIT_SCALE = MATCH_WEIGHTS.split / 4;

/** Two neighbours of a slot matched as two words (walk through): their AND (sum × 2) halved back to the sum. */
export const JOINED_PAIR_SCALE = 0.5;

/**
 * A stop word the index has in at most one template in this many ("whats") adds its score to
 * the templates that have it, without being required.
 */
export const OPTIONAL_WORD_RARITY = 10;

/**
 * Scores closer than 1 / SCORE_RESOLUTION tie (then the newest template comes first). Sorting
 * packs each hit's score and position into one float: SCORE_RESOLUTION × score × RANK_POSITIONS
 * must stay below 2^53, which leaves scores up to ~4 million for 2^21 templates.
 */
export const SCORE_RESOLUTION = 1024;
export const RANK_POSITIONS = 2 ** 21;
