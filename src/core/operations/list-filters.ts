import type { ListQuery } from '../../schemas/queries.ts';
import type { Template } from '../../schemas/template.ts';

/** The list query's filters: every parameter of listQuerySchema but the words, the order and the page. */
export type ListFilterKey = Exclude<keyof ListQuery, 'q' | 'sort' | 'limit' | 'offset'>;

/** One filter of the list query: what it keeps and how text names it. */
export interface ListFilter<K extends ListFilterKey> {
  /** Whether template `t` passes the filter set to `value`. */
  matches: (t: Template, value: NonNullable<ListQuery[K]>) => boolean;
  /** The filter in words for answers and titles ("tier free"), from its value as an address writes it. */
  describe: (value: string) => string;
}

/**
 * Every filter of the list query, in address order: the one place a filter is defined. The
 * operation, "what counts as filtered", the text answers' wording, the links that keep the
 * filters and the /search page's state all read this. `satisfies` fails the type check when
 * listQuerySchema gains a parameter without an entry here, or an entry names no parameter.
 * Free of zod (types only), so the browser bundle can read it.
 */
export const LIST_FILTERS = {
  category: { matches: (t, v) => t.category === v, describe: (v) => `category ${v}` },
  tier: { matches: (t, v) => t.tier === v, describe: (v) => `tier ${v}` },
  format: { matches: (t, v) => t.formats.includes(v), describe: (v) => `format ${v}` },
} as const satisfies { [K in ListFilterKey]: ListFilter<K> };

/** The filter keys in address order. */
export const LIST_FILTER_KEYS = Object.keys(LIST_FILTERS) as ListFilterKey[];

/** Anything that may hold filter values: a typed list query, the /search state (strings, '' for none). */
export type FilterSource = { readonly [K in ListFilterKey]?: ListQuery[K] | string | undefined };

/** The filters set in `source` as address parameters, in address order (unset and '' left out). */
export function listFilterParams(source: FilterSource): [ListFilterKey, string][] {
  const set: [ListFilterKey, string][] = [];
  for (const key of LIST_FILTER_KEYS) {
    const value = source[key];
    if (value !== undefined && value !== '') set.push([key, String(value)]);
  }
  return set;
}

/** True when `source` sets a filter (the words of q aside). */
export function hasListFilters(source: FilterSource): boolean {
  return LIST_FILTER_KEYS.some((key) => source[key] !== undefined && source[key] !== '');
}

/** The filters set in `source` in words, in address order: ["category hiring", "tier free"]. */
export function describeListFilters(source: FilterSource): string[] {
  return listFilterParams(source).map(([key, value]) => LIST_FILTERS[key].describe(value));
}

/** A test that a template passes every filter `query` sets, or undefined when it sets none. */
export function compileListFilters(query: ListQuery): ((t: Template) => boolean) | undefined {
  const tests: ((t: Template) => boolean)[] = [];
  for (const key of LIST_FILTER_KEYS) {
    const value = query[key];
    if (value === undefined || value === '') continue;
    const filter = LIST_FILTERS[key] as ListFilter<typeof key>;
    tests.push((t) => filter.matches(t, value as never));
  }
  if (tests.length < 2) return tests[0];
  return (t) => tests.every((test) => test(t));
}
