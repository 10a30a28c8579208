import { ApiError } from '../../core/api-error.ts';
import { readQuery } from '../../core/query/read-query.ts';
import type { ListQuery } from '../../schemas/queries.ts';
import { searchPageQuerySchema } from '../../schemas/queries.ts';
import { FILTER_KEYS, readCatalogState, type CatalogState } from './catalog-state.ts';

/** The /search address read: the state to show, and the list query or what is wrong with it. */
export type ListParams = { state: CatalogState } & ({ query: ListQuery; error?: undefined } | { query?: undefined; error: string });

const fieldOk = (name: keyof typeof searchPageQuerySchema.shape, value: unknown) => searchPageQuerySchema.shape[name].safeParse(value).success;

/**
 * Reads a /search address with the API's reader and rules (readQuery over
 * searchPageQuerySchema): a parameter given twice, a bad filter or page is an error the page
 * shows, with the API's wording.
 */
export function readListParams(params: URLSearchParams, pageSize: number): ListParams {
  const state = readCatalogState(params);
  try {
    const { page = 1, ...filters } = readQuery(searchPageQuerySchema, params);
    return { state: { ...state, page }, query: { ...filters, limit: pageSize, offset: (page - 1) * pageSize } };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // Drop what is wrong so the filter links and the form on the error page lead somewhere valid.
    const clean = { ...state, page: 1, q: state.q.slice(0, 200) };
    for (const key of FILTER_KEYS) if (clean[key] && !fieldOk(key, clean[key])) clean[key] = '';
    return { state: clean, error: err.message };
  }
}
