import type { LinePart } from '../../core/markdown/describe-understood.ts';
import type { ReadingChip } from './filter-chips.ts';
import type { SortChip } from './plan-search-view.ts';

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' })[c]};`);

/**
 * Lines of text and links (what the search understood), as the markup of every surface: the
 * Astro page, the browser script and the edge function's shell insert this same string, so the
 * lines cannot drift apart. Links load in place (`data-nav`).
 */
export function renderLinesHtml(lines: readonly LinePart[][]): string {
  return lines.map((parts) => `<p>${parts.map((p) => (typeof p === 'string' ? escapeHtml(p) : `<a href="${escapeHtml(p.href)}" data-nav>${escapeHtml(p.text)}</a>`)).join('')}</p>`).join('');
}

/**
 * The filters read from the query's words that no chip group shows (length, price per export,
 * editable parts), one labelled group each, every chip a link that drops its reading. Shared
 * by every surface, as renderLinesHtml.
 */
export function renderReadingsHtml(readings: readonly ReadingChip[]): string {
  const groups = new Map<string, ReadingChip[]>();
  for (const r of readings) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  return [...groups].map(([label, chips], i) => {
    const id = `filter-read-${i + 1}`;
    const items = chips.map((r) => `<li><a class="chip" href="${escapeHtml(r.href)}" aria-current="true" data-nav>${escapeHtml(r.label)}<span class="chip__drop" aria-hidden="true"> ×</span><span class="visually-hidden"> (read from “${escapeHtml(r.text)}”; remove)</span></a></li>`).join('');
    return `<div class="filters__group" role="group" aria-labelledby="${id}"><span class="filters__label" id="${id}">${escapeHtml(label)}</span><ul>${items}</ul></div>`;
  }).join('');
}

/** The sort chips, labelled "Sort", each loading the same search in its order in place. Shared as renderLinesHtml. */
export function renderSortHtml(chips: readonly SortChip[]): string {
  if (!chips.length) return '';
  const items = chips.map((c) => `<li><a class="chip" href="${escapeHtml(c.href)}" data-nav${c.selected ? ' aria-current="true"' : ''}>${escapeHtml(c.label)}</a></li>`).join('');
  return `<span class="filters__label" id="sort-label">Sort</span><ul aria-labelledby="sort-label">${items}</ul>`;
}
