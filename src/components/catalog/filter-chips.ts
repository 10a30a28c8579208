import type { UnderstoodQuery } from '../../schemas/responses.ts';
import { dropFilter, listReadFilters, type ChosenFilter } from '../../core/search/drop-filter.ts';
import { buildStateHref, withFilter, type CatalogState, type FilterKey } from './catalog-state.ts';

/** One chip of a filter group: selected by a parameter, or by a reading of the query's words (`readFrom`). */
export interface FilterChip {
  value: string;
  label: string;
  href: string;
  selected: boolean;
  /** The words of the query this selection was read from. */
  readFrom?: string | undefined;
}

/** A filter group (category, price, format) with its chips, Any first. */
export interface FilterGroup {
  key: FilterKey;
  label: string;
  chips: FilterChip[];
}

/** A reading with no group of chips (duration, price limit, editable parts), and the search without it. */
export interface ReadingChip {
  label: string;
  text: string;
  href: string;
}

/** What the filter controls show for a state and what the search read from its words. */
export interface FilterView {
  groups: FilterGroup[];
  readings: ReadingChip[];
  /** The selected filters in words, for the closed disclosure's summary. */
  active: string[];
}

const OPTIONS = {
  tier: [{ value: 'free', label: 'Free' }, { value: 'premium', label: 'Premium' }],
  format: [{ value: '16:9', label: '16:9 landscape' }, { value: '9:16', label: '9:16 vertical' }],
} as const;
const GROUPED = new Set<string>(['tier', 'format']);

/** The search with Any chosen for `filter` (core's dropFilter: its words out of q, its parameter cleared), first page. */
const dropHref = (state: CatalogState, understood: UnderstoodQuery | undefined, filter: ChosenFilter['filter']) =>
  buildStateHref('/search', { ...dropFilter(state, understood, filter), page: 1 });
const wordsOf = (f: ChosenFilter) => f.words.join('” and “');

/**
 * The filter controls of one search: a group's chip is selected by its parameter, or else by a
 * filter read from the query's words (core's listReadFilters). Any is core's dropFilter: the
 * search without that filter's words and parameter; readings that no group shows (length, price
 * per export, editable parts) get a chip each whose link drops them the same way. /search and
 * the as-you-type box render this; /search.md lists the same filters and links (describeReadFilters).
 */
export function describeFilterView(state: CatalogState, understood: UnderstoodQuery | undefined, categories: readonly { id: string; label: string }[]): FilterView {
  const readings = listReadFilters(understood);
  const group = (key: FilterKey, label: string, options: readonly { value: string; label: string }[]): FilterGroup => {
    const read = readings.find((f) => f.filter === key);
    const value = state[key] || (read && key !== 'category' ? (understood?.filters[key] ?? '') : '');
    const anyHref = read || state[key] ? dropHref(state, understood, key as 'tier' | 'format') : buildStateHref('/search', withFilter(state, key, ''));
    const any: FilterChip = { value: '', label: key === 'category' ? 'All' : 'Any', href: key === 'category' ? buildStateHref('/search', withFilter(state, key, '')) : anyHref, selected: !value };
    const chips = options.map((o) => ({
      ...o,
      href: buildStateHref('/search', withFilter(state, key, o.value)),
      selected: value === o.value,
      readFrom: !state[key] && read && value === o.value ? wordsOf(read) : undefined,
    }));
    return { key, label, chips: [any, ...chips] };
  };
  const groups = [group('category', 'Category', categories.map((c) => ({ value: c.id, label: c.label }))), group('tier', 'Price', OPTIONS.tier), group('format', 'Format', OPTIONS.format)];
  const readingChips = readings.filter((f) => !GROUPED.has(f.filter)).map((f) => ({ label: f.label, text: wordsOf(f), href: dropHref(state, understood, f.filter) }));
  const active = [...groups.flatMap((g) => g.chips.filter((c) => c.selected && c.value).map((c) => c.label)), ...readingChips.map((r) => r.label)];
  return { groups, readings: readingChips, active };
}
