import type { ReadPhrase, UnderstoodQuery } from '../../schemas/responses.ts';
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

const applied = (understood: UnderstoodQuery | undefined) => (understood?.phrases ?? []).filter((p) => p.use === 'applied');
/** The state with one reading dropped: its words out of the query (the API's `queryWithout`). */
const dropReading = (state: CatalogState, p: ReadPhrase, understood: UnderstoodQuery) => buildStateHref('/search', { ...state, q: p.queryWithout ?? understood.words, page: 1 });

/**
 * The filter controls of one search: a group's chip is selected by its parameter, or else by a
 * filter read from the query's words. Choosing Any for a group drops that reading (the search
 * without its words); readings that no group shows (duration, price, editable parts) get a
 * chip each whose link drops them. /search and the as-you-type box both render this.
 */
export function describeFilterView(state: CatalogState, understood: UnderstoodQuery | undefined, categories: readonly { id: string; label: string }[]): FilterView {
  const readings = applied(understood);
  const group = (key: FilterKey, label: string, options: readonly { value: string; label: string }[]): FilterGroup => {
    const read = key === 'category' ? undefined : readings.find((p) => p.filters[key] !== undefined);
    const value = state[key] || (read?.filters[key as 'tier' | 'format'] ?? '');
    const anyHref = read && !state[key] ? dropReading(state, read, understood!) : buildStateHref('/search', withFilter(state, key, ''));
    const any: FilterChip = { value: '', label: key === 'category' ? 'All' : 'Any', href: anyHref, selected: !value };
    const chips = options.map((o) => ({
      ...o,
      href: buildStateHref('/search', withFilter(state, key, o.value)),
      selected: value === o.value,
      readFrom: !state[key] && value === o.value ? read?.text : undefined,
    }));
    return { key, label, chips: [any, ...chips] };
  };
  const groups = [group('category', 'Category', categories.map((c) => ({ value: c.id, label: c.label }))), group('tier', 'Price', OPTIONS.tier), group('format', 'Format', OPTIONS.format)];
  const others = readings.filter((p) => Object.keys(p.filters).some((k) => !GROUPED.has(k)));
  const readingChips = others.map((p) => ({ label: p.label, text: p.text, href: dropReading(state, p, understood!) }));
  const active = [...groups.flatMap((g) => g.chips.filter((c) => c.selected && c.value).map((c) => c.label)), ...readingChips.map((r) => r.label)];
  return { groups, readings: readingChips, active };
}
