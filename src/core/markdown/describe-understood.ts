import type { UnderstoodQuery } from '../../schemas/responses.ts';
import { listFilterParams, type FilterSource } from '../operations/list-filters.ts';
import { dropFilter, listReadFilters, READ_FILTER_NAMES, type SearchParameters } from '../search/drop-filter.ts';
import { mdLink } from './markdown-text.ts';

/** A piece of a line: text, or a link to a search with another query. */
export type LinePart = string | { text: string; href: string };

const quoted = (items: readonly { text: string }[]) => items.map((p) => `"${p.text}"`).join(', ');
const templates = (n: number) => `${n} template${n === 1 ? '' : 's'}`;

/**
 * What the search read from a query, in words, as lines of parts that every surface renders its
 * own way (Markdown for MCP and /search.md, HTML for /search and the as-you-type box):
 * "Read as filters: free, vertical, under 20 s — search without these filters", what a parameter
 * overrode, what stayed words, and, when nothing matched, which constraint to drop.
 * `hrefFor(q)` is the address of the same search with `q` as its query.
 */
export function describeUnderstood(understood: UnderstoodQuery | undefined, hrefFor: (q: string) => string): LinePart[][] {
  if (!understood) return [];
  const lines: LinePart[][] = [];
  const applied = understood.phrases.filter((p) => p.use === 'applied');
  if (understood.summary) lines.push([`Read as filters: ${understood.summary} — `, { text: 'search without these filters', href: hrefFor(understood.words) }]);
  for (const p of understood.phrases.filter((c) => c.use === 'overridden')) lines.push([`Not used as a filter: "${p.text}" (${p.note}).`]);
  const topical = understood.phrases.filter((p) => p.use === 'topical');
  if (topical.length) lines.push([`Kept as words to match: ${quoted(topical)} (${topical.map((p) => p.note).join('; ')}).`]);
  const drops = applied.filter((p) => (p.matchesWithout ?? 0) > 0).sort((a, b) => b.matchesWithout! - a.matchesWithout!);
  if (applied.some((p) => p.matchesWithout !== undefined)) {
    if (!drops.length) lines.push([`Nothing matches ${applied.length > 1 ? 'these filters, even without one of them' : 'this filter'}.`]);
    else {
      const parts: LinePart[] = [`Nothing matches ${applied.length > 1 ? 'all of these filters' : 'this filter'}. Drop `];
      drops.forEach((p, i) => parts.push(...(i ? ['; or drop '] : []), { text: p.label, href: hrefFor(p.queryWithout ?? understood.words) }, ` (${templates(p.matchesWithout!)})`));
      lines.push([...parts, '.']);
    }
  }
  return lines;
}

// Query words are shown literally: Markdown's characters are escaped, spacing kept.
const literal = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/** The lines as Markdown paragraphs ('' when there are none). */
export function renderUnderstoodMarkdown(lines: readonly LinePart[][]): string {
  return lines.map((parts) => parts.map((p) => (typeof p === 'string' ? literal(p) : mdLink(p.text, p.href))).join('')).join('\n\n');
}

/** The address of a search (`/search` or `/search.md` under `base`) with query `q` and the filters `search` sets (its own q aside). */
export function buildSearchHref(base: string, q: string, search: FilterSource): string {
  const params = new URLSearchParams([...(q ? [['q', q]] : []), ...listFilterParams(search)]);
  return params.size ? `${base}?${params}` : base;
}

/**
 * The filters read from q, one line each, as the chips show them: "price: free (from "free") —
 * any price", the link being the search with Any chosen for it (dropFilter). `hrefFor(search)`
 * is the address of that search.
 */
export function describeReadFilters<S extends SearchParameters>(search: S, understood: UnderstoodQuery | undefined, hrefFor: (search: S) => string): LinePart[][] {
  return listReadFilters(understood).map((f) => {
    const name = READ_FILTER_NAMES[f.filter];
    return [`${name}: ${f.label} (from ${f.words.map((w) => `"${w}"`).join(' and ')}) — `, { text: `any ${name}`, href: hrefFor(dropFilter(search, understood, f.filter)) }];
  });
}
