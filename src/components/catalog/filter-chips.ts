import type { UnderstoodQuery } from '../../schemas/responses.ts';
import { dropFilter, listReadFilters, READ_FILTER_NAMES, type ChosenFilter } from '../../core/search/drop-filter.ts';
import { buildStateHref, withFilter, type CatalogState, type FilterKey } from './catalog-state.ts';
import { linkFromPrerendered } from './prerendered-list.ts';

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
  /** The label of the group it sits under ("Length", "Price per export", "Editable"). */
  group: string;
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

type Option = { value: string; label: string };

/**
 * The filters shown as a group of chips, in display order: the group's label, its "Any" chip and
 * its choices (without them, the catalog's categories). A filter without an entry keeps its
 * parameter in the form and links but shows no chips.
 */
const CHIP_GROUPS: { readonly [K in FilterKey]?: { label: string; any: string; options?: readonly Option[] } } = {
  category: { label: 'Category', any: 'All' },
  tier: { label: 'Price', any: 'Any', options: [{ value: 'free', label: 'Free' }, { value: 'premium', label: 'Premium' }] },
  format: { label: 'Format', any: 'Any', options: [{ value: '16:9', label: '16:9 landscape' }, { value: '9:16', label: '9:16 vertical' }] },
};
const GROUPED = new Set<string>(Object.keys(CHIP_GROUPS));
/** The group label of a reading no chip group shows: its filter's name, the editable parts together. */
const readingGroup = (filter: ChosenFilter['filter']) => (filter.startsWith('editable.') ? 'Editable' : READ_FILTER_NAMES[filter].replace(/^./, (c) => c.toUpperCase()));
/** A filter that words of q may also set (tier, format): its group shows the reading, its Any drops it. */
const isReadFilter = (key: FilterKey): key is FilterKey & ChosenFilter['filter'] => key in READ_FILTER_NAMES;

/** The search with Any chosen for `filter` (core's dropFilter: its words out of q, its parameter cleared), first page. */
const dropState = (state: CatalogState, understood: UnderstoodQuery | undefined, filter: ChosenFilter['filter']): CatalogState =>
  ({ ...dropFilter(state, understood, filter), page: 1 });
const wordsOf = (f: ChosenFilter) => f.words.join('” and “');

/**
 * The filter controls of one search: a group's chip is selected by its parameter, or else by a
 * filter read from the query's words (core's listReadFilters). Any is core's dropFilter: the
 * search without that filter's words and parameter; readings that no group shows (length, price
 * per export, editable parts) get a chip each whose link drops them the same way. /search and
 * the as-you-type box render this; /search.md lists the same filters and links (describeReadFilters).
 * On a prerendered page (`prerendered`, the home) a chip whose list is prerendered too links that
 * page (linkFromPrerendered), so it answers on a static host without the function.
 */
export function describeFilterView(
  state: CatalogState,
  understood: UnderstoodQuery | undefined,
  categories: readonly { id: string; label: string }[],
  prerendered = false,
): FilterView {
  const ids = categories.map((c) => c.id);
  const hrefOf = (s: CatalogState) => (prerendered ? linkFromPrerendered(s, ids) : buildStateHref('/search', s));
  const dropHref = (filter: ChosenFilter['filter']) => hrefOf(dropState(state, understood, filter));
  const readings = listReadFilters(understood);
  const group = (key: FilterKey, { label, any: anyLabel, options }: { label: string; any: string; options: readonly Option[] }): FilterGroup => {
    const readable = isReadFilter(key);
    const read = readings.find((f) => f.filter === key);
    const value = state[key] || (read && readable ? String(understood?.filters[key] ?? '') : '');
    const clearHref = hrefOf(withFilter(state, key, ''));
    const any: FilterChip = { value: '', label: anyLabel, href: readable && (read || state[key]) ? dropHref(key) : clearHref, selected: !value };
    const chips = options.map((o) => ({
      ...o,
      href: hrefOf(withFilter(state, key, o.value)),
      selected: value === o.value,
      readFrom: !state[key] && read && value === o.value ? wordsOf(read) : undefined,
    }));
    return { key, label, chips: [any, ...chips] };
  };
  const catalogChoices = categories.map((c) => ({ value: c.id, label: c.label }));
  const groups = (Object.entries(CHIP_GROUPS) as [FilterKey, NonNullable<(typeof CHIP_GROUPS)[FilterKey]>][]).map(([key, g]) =>
    group(key, { ...g, options: g.options ?? catalogChoices }));
  const readingChips = readings.filter((f) => !GROUPED.has(f.filter)).map((f) => ({ group: readingGroup(f.filter), label: f.label, text: wordsOf(f), href: dropHref(f.filter) }));
  const active = [...groups.flatMap((g) => g.chips.filter((c) => c.selected && c.value).map((c) => c.label)), ...readingChips.map((r) => r.label)];
  return { groups, readings: readingChips, active };
}
