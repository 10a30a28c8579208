import { listTemplates } from '../../core/operations/list-templates.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { listQuerySchema, type ListQuery } from '../../schemas/queries.ts';
import { createJsonReply, type Reply } from '../http/api-reply.ts';
import { LruCache } from '../../core/lru-cache.ts';
import { RepeatFilter } from '../../core/repeat-filter.ts';
import { registerCache } from '../ops/metric-sources.ts';
import { parseQuery, readQueryParams } from './parse-query.ts';

const PARAMS = ['q', 'category', 'tier', 'format', 'limit', 'offset'] as const;

/** Answers kept per distinct query; the whole-catalog answer is the largest (~1 KB per template). */
const CACHE_ENTRIES = 1000;
const CACHE_BYTES = 32 * 1024 * 1024;

/** One key per meaning: parameter order, unknown parameters and spacing in `q` do not matter. */
function toCacheKey(query: ListQuery): string {
  const q = query.q?.trim().replace(/\s+/g, ' ').toLowerCase() ?? '';
  return `${q}\n${query.category ?? ''}\n${query.tier ?? ''}\n${query.format ?? ''}\n${query.limit ?? ''}\n${query.offset ?? ''}`;
}

/**
 * GET /api/v1/templates: validates the query, then answers from an LRU of serialized bodies
 * (with their ETags), so a repeated search costs a lookup rather than a search and a stringify.
 * A body is kept from a query's second request on: one-off searches would only churn the cache.
 */
export function createListRoute(catalog: Catalog): (search: string) => Reply {
  const cache = new LruCache<Reply>(CACHE_ENTRIES, CACHE_BYTES);
  registerCache('rest-list', cache); // ops: hit ratio on /metrics
  const repeats = new RepeatFilter(CACHE_ENTRIES * 10);
  return (search) => {
    const query = parseQuery(listQuerySchema, readQueryParams(search, PARAMS), ['limit', 'offset']);
    const key = toCacheKey(query);
    let reply = cache.get(key);
    if (!reply) {
      reply = createJsonReply(listTemplates(catalog, query));
      if (repeats.seenBefore(key)) cache.set(key, reply);
    }
    return reply;
  };
}
