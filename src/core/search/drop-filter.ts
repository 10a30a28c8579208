import type { ReadFilter, UnderstoodQuery } from '../../schemas/responses.ts';
import { normalizeQuery } from './search-options.ts';

/** A search as its address holds it: the query and the filters given as parameters (others kept as they are). */
export interface SearchParameters {
  q?: string | undefined;
  tier?: string | undefined;
  format?: string | undefined;
}

/** Each filter a query's words may set, named as the filter controls name it. */
export const READ_FILTER_NAMES: Readonly<Record<ReadFilter, string>> = {
  tier: 'price',
  format: 'format',
  durationSeconds: 'length',
  priceCents: 'price per export',
  'editable.music': 'music',
  'editable.voice': 'voice-over',
  'editable.images': 'images',
  'editable.text': 'text lines',
  'editable.colors': 'colours',
};

/**
 * The filters a search applies, one entry per filter, as one state for every surface (the
 * chips on /search and in the as-you-type box, the list in /search.md): its value in words,
 * whether it came from a parameter or from words of q (those words, as written in q normalized),
 * and the search with Any chosen for it (dropFilter).
 */
export interface ChosenFilter {
  filter: ReadFilter;
  /** The filter's value in words ("free", "vertical", "under 20 s", "with music"). */
  label: string;
  /** The words of q that set it, when it was read from q ("free", "under 20 seconds"). */
  words: string[];
}

/** The filters `understood` applies from q's words, one per filter (its phrases' labels joined), in the order read. */
export function listReadFilters(understood: UnderstoodQuery | undefined): ChosenFilter[] {
  const byFilter = new Map<ReadFilter, ChosenFilter>();
  for (const p of understood?.phrases ?? []) {
    if (p.use !== 'applied') continue;
    const had = byFilter.get(p.filter);
    if (had) {
      had.label = `${had.label} and ${p.label}`;
      had.words.push(p.text);
    } else byFilter.set(p.filter, { filter: p.filter, label: p.label, words: [p.text] });
  }
  return [...byFilter.values()];
}

/**
 * The search with Any chosen for one filter: the words of q that read it (applied, or
 * overridden by the parameter) are cut out of q, and a parameter of that name (tier, format) is
 * cleared (''); everything else is kept. Pure, and it survives the address: search with the result
 * and the answer's `understood` no longer holds that filter, the others unchanged. `understood`
 * is the answer to `search` (its phrases' start and end are offsets into q normalized).
 */
export function dropFilter<S extends SearchParameters>(search: S, understood: UnderstoodQuery | undefined, filter: ReadFilter): S {
  const text = normalizeQuery(search.q ?? '');
  const spans = (understood?.phrases ?? [])
    .filter((p) => p.filter === filter && p.use !== 'topical' && text.slice(p.start, p.end) === p.text)
    .map((p) => [p.start, p.end] as const)
    .sort((a, b) => b[0] - a[0]);
  const q = normalizeQuery(spans.reduce((t, [start, end]) => `${t.slice(0, start)} ${t.slice(end)}`, text));
  const out: S = { ...search, q };
  // Cleared, not deleted: an address leaves an empty parameter out, and a state keeps its shape.
  if ((filter === 'tier' || filter === 'format') && out[filter]) out[filter] = '' as S[typeof filter];
  return out;
}
