import { escapeMarkdown, mdLink } from '../../core/markdown/markdown-text.ts';
import type { FilterView } from './filter-chips.ts';

/**
 * The filter chips of /search as one Markdown line for /search.md: each selected filter, the
 * words it was read from, and the link that drops it (Any, or the reading's own chip), so the
 * twin states what the page's chips show. '' when nothing is selected.
 */
export function renderFilterViewMarkdown(view: FilterView, siteUrl: string): string {
  const twin = (href: string) => `${siteUrl}${href.replace(/^\/search/, '/search.md')}`;
  const parts = view.groups.flatMap((g) => {
    const chip = g.chips.find((c) => c.selected && c.value);
    if (!chip) return [];
    const from = chip.readFrom ? `, read from "${escapeMarkdown(chip.readFrom)}"` : '';
    return [`${g.label.toLowerCase()} ${escapeMarkdown(chip.label)} (${mdLink(`any ${g.label.toLowerCase()}`, twin(g.chips[0]!.href))}${from})`];
  });
  for (const r of view.readings) parts.push(`${escapeMarkdown(r.label)} (read from "${escapeMarkdown(r.text)}"; ${mdLink('drop it', twin(r.href))})`);
  return parts.length ? `Filters: ${parts.join('; ')}.` : '';
}
