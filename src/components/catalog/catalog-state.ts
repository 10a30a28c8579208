import { LIST_FILTER_KEYS, type ListFilterKey } from '../../core/operations/list-filters.ts';
import type { SearchPageQuery } from '../../schemas/queries.ts';

/**
 * What the catalog browser shows (query, filters, page), read from and written to the
 * address. Shared by the server-rendered pages and the browser script, so both build the
 * same links. Values are kept as typed; the server validates them with searchPageQuerySchema.
 */
export type CatalogState = { [K in Exclude<keyof SearchPageQuery, 'page'>]-?: string } & { page: number };

/** The filter dimensions, in address order: the list query's filters (LIST_FILTERS). */
export const FILTER_KEYS: readonly FilterKey[] = LIST_FILTER_KEYS;
/** A filter dimension: a key of LIST_FILTERS. */
export type FilterKey = ListFilterKey;

type TextParam = 'q' | FilterKey | 'sort';

/**
 * The parameters of a /search address in address order: the words, the filters, the order, the page
 * (searchPageQuerySchema's keys; tests/components/catalog/catalog-state.test.ts compares them).
 */
export const PAGE_PARAMS: readonly (keyof SearchPageQuery)[] = ['q', ...FILTER_KEYS, 'sort', 'page'];

const TEXT_PARAMS: readonly TextParam[] = ['q', ...FILTER_KEYS, 'sort'];

/** The state with nothing chosen. */
export const EMPTY_STATE: CatalogState = { ...(Object.fromEntries(TEXT_PARAMS.map((k) => [k, ''])) as Record<TextParam, string>), page: 1 };

/** Reads the state from an address's parameters (first value of each; blanks count as absent). */
export function readCatalogState(params: URLSearchParams): CatalogState {
  const get = (k: string) => (params.get(k) ?? '').trim();
  const page = Number(get('page') || '1');
  const text = Object.fromEntries(TEXT_PARAMS.map((k) => [k, get(k)])) as Record<TextParam, string>;
  return { ...text, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** The address parameters of a state, empty ones left out (page only past the first). */
export function toSearchParams(state: CatalogState): URLSearchParams {
  const params = new URLSearchParams();
  for (const k of TEXT_PARAMS) if (state[k]) params.set(k, state[k]);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** `base` plus the state's parameters. */
export function buildStateHref(base: string, state: CatalogState): string {
  const query = toSearchParams(state).toString();
  return query ? `${base}?${query}` : base;
}

/** The state after choosing `value` for a filter ('' clears it); back to the first page. */
export function withFilter(state: CatalogState, key: FilterKey, value: string): CatalogState {
  return { ...state, [key]: value, page: 1 };
}

/** True when nothing is searched or filtered. */
export function isEmptyState(state: CatalogState): boolean {
  return !state.q && FILTER_KEYS.every((k) => !state[k]);
}

/** The REST query for a state and page size (limit and offset). */
export function toApiParams(state: CatalogState, pageSize: number): URLSearchParams {
  const params = toSearchParams({ ...state, page: 1 });
  params.set('limit', String(pageSize));
  if (state.page > 1) params.set('offset', String((state.page - 1) * pageSize));
  return params;
}

/** Number of pages for `total` matches. */
export function countPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The sentence announced above the grid, e.g. "Showing 1–24 of 64 templates". */
export function describeResultCount(total: number, shown: number, state: CatalogState, pageSize: number): string {
  const noun = total === 1 ? 'template' : 'templates';
  const what = state.q ? ` for “${state.q}”` : '';
  if (total === 0) return `No templates match${what}.`;
  if (shown >= total) return `${total} ${noun}${what}.`;
  const first = (state.page - 1) * pageSize + 1;
  if (shown === 0) return `${total} ${noun}${what}; this page is past the last one.`;
  return `Showing ${first}–${first + shown - 1} of ${total} ${noun}${what}.`;
}
