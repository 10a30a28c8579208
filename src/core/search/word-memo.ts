import { LruCache } from '../lru-cache.ts';
import type { Vocabulary } from './create-vocabulary.ts';
import { expandWord, type WordPlan } from './expand-word.ts';
import type { TermHits } from './term-hits.ts';

// Words repeat across queries far more than whole queries do (a Zipf spread): each word's plan
// and hits are kept (at 50,000 templates a common word's hits weigh ~85 KB).
const WORDS_KEPT = 20_000;
const WORD_BYTES = 16 * 1024 * 1024;

/** Words planned, and how many of them the memo answered. */
export interface WordMemoStats {
  words: number;
  wordMemoHits: number;
}

/** Each query word's plan and merged hits, kept across queries. */
export interface WordMemo {
  /** The word's plan (see expandWord), from memory or made now; every call counts as a word planned. */
  plan(vocab: Vocabulary, word: string, last: boolean): WordPlan;
  /** The word's merged hits, when they were kept. */
  readHits(word: string, last: boolean): TermHits | undefined;
  /** The word's merged hits: kept ones, or `merge()`'s, then kept beside the word's plan (when that is kept). */
  mergeHits(word: string, last: boolean, merge: () => TermHits): TermHits;
}

/**
 * The word memo. A last word is also matched as a prefix (still being typed), so "coun" last and
 * "coun" inside a query are two entries. With `remember` off nothing is kept: every word is
 * planned and merged afresh (the benchmark's cold path).
 */
export function createWordMemo(remember: boolean, stats: WordMemoStats): WordMemo {
  const memo = new LruCache<{ plan: WordPlan; hits?: TermHits; size: number }>(WORDS_KEPT, WORD_BYTES);
  const keyOf = (word: string, last: boolean) => `${last ? '*' : '='}${word}`;
  return {
    plan(vocab, word, last) {
      stats.words++;
      const key = keyOf(word, last);
      const known = remember ? memo.get(key) : undefined;
      if (known) {
        stats.wordMemoHits++;
        return known.plan;
      }
      const plan = expandWord(vocab, word, last);
      if (remember) memo.set(key, { plan, size: 256 + plan.terms.size * 32 });
      return plan;
    },
    readHits(word, last) {
      return remember ? memo.get(keyOf(word, last))?.hits : undefined;
    },
    mergeHits(word, last, merge) {
      const key = keyOf(word, last);
      const entry = remember ? memo.get(key) : undefined;
      if (entry?.hits) return entry.hits;
      const hits = merge();
      if (entry) memo.set(key, { plan: entry.plan, hits, size: entry.size + hits.docs.length * 12 });
      return hits;
    },
  };
}
