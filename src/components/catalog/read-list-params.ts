import type { ListQuery } from '../../schemas/queries.ts';
import { listQuerySchema } from '../../schemas/queries.ts';
import { formatIssues } from '../../core/format-issues.ts';
import { readCatalogState, type CatalogState } from './catalog-state.ts';

/** The /search address read: the state to show, and the list query or what is wrong with it. */
export type ListParams = { state: CatalogState } & ({ query: ListQuery; error?: undefined } | { query?: undefined; error: string });

/** Highest page number accepted (beyond it the answer would be empty anyway). */
const MAX_PAGE = 100_000;

/**
 * Reads q, category, tier, format and page from a /search address. Empty values count as
 * absent; the rest is checked by listQuerySchema, the same rules as the REST API.
 */
export function readListParams(params: URLSearchParams, pageSize: number): ListParams {
  const state = readCatalogState(params);
  const rawPage = (params.get('page') ?? '').trim();
  const page = rawPage ? Number(rawPage) : 1;
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
    return { state: { ...state, page: 1 }, error: `parameter "page": must be a whole number from 1 to ${MAX_PAGE}` };
  }
  const parsed = listQuerySchema.safeParse({
    ...(state.q ? { q: state.q } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(state.tier ? { tier: state.tier } : {}),
    ...(state.format ? { format: state.format } : {}),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  if (!parsed.success) {
    // Drop what is wrong so the filter links and the form on the error page lead somewhere valid.
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    const clean = { ...state, page: 1 };
    for (const key of ['category', 'tier', 'format'] as const) if (bad.has(key)) clean[key] = '';
    if (bad.has('q')) clean.q = state.q.slice(0, 200);
    return { state: clean, error: formatIssues(parsed.error, 'parameter').join('; ') };
  }
  return { state, query: parsed.data };
}
