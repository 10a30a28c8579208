import type { TemplateList } from '../../schemas/responses.ts';

/** What one search tells maintainers: how many templates it found and the words none matched. */
export interface SearchNote {
  total: number;
  unmatched: string[];
}

// Only plain words are noted, never what may identify someone: no digits (phone numbers,
// order ids), no "@" or dots (addresses), at most a few short words.
const PLAIN_WORD = /^[a-z][a-z'-]{1,23}$/;
const MOST_WORDS = 6;

/**
 * The note of a search answer (`total;word word`), or undefined when it ran no search or every
 * word was found and something matched: the SEARCH_NOTE header's value.
 */
export function formatSearchNote(list: Pick<TemplateList, 'total' | 'count' | 'unmatched'>): string | undefined {
  if (!list.unmatched) return undefined;
  const total = list.total ?? list.count;
  const words = list.unmatched.filter((w) => PLAIN_WORD.test(w)).slice(0, MOST_WORDS);
  return words.length || total === 0 ? `${total};${words.join(' ')}` : undefined;
}

/** The note read back from the header's value (undefined when absent or malformed). */
export function readSearchNote(value: unknown): SearchNote | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{1,9});([a-z' -]{0,200})$/.exec(value);
  if (!m) return undefined;
  return { total: Number(m[1]), unmatched: m[2] ? m[2].split(' ').filter((w) => PLAIN_WORD.test(w)) : [] };
}
