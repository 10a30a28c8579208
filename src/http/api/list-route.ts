import { listTemplates } from '../../core/operations/list-templates.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { listQuerySchema, type ListQuery } from '../../schemas/queries.ts';
import type { CacheClass } from '../../core/cdn/cache-policy.ts';
import { createJsonReply, type Reply } from '../reply.ts';
import { LruCache } from '../../core/lru-cache.ts';
import { RepeatFilter } from '../../core/repeat-filter.ts';
import { API_QUERY, listQueryNames, readQuery, toQueryKey } from '../../core/query/read-query.ts';
import { formatPageLinks, listPageLinks } from '../../core/operations/list-page-links.ts';
import { normalizeQuery } from '../../core/search/search-options.ts';
import { formatSearchNote } from '../../core/search/search-note.ts';
import { SEARCH_NOTE } from '../../core/header-names.ts';

/** Answers kept per distinct query; the whole-catalog answer is the largest (~1 KB per template). */
const CACHE_ENTRIES = 1000;
const CACHE_BYTES = 32 * 1024 * 1024;
/**
 * Answers this large are kept from their first request: the unbounded list (no `limit`) of a
 * big catalog is megabytes, and its serialization and compression must happen once.
 */
const KEEP_AT_ONCE_BYTES = 64 * 1024;

/** The list's parameters in the schema's order, for the paging links. */
const NAMES = listQueryNames(listQuerySchema);

/** The key of a query without any parameter. */
const WHOLE_CATALOG = toQueryKey(listQuerySchema, {});

/**
 * One key per meaning, over the schema's parameters: their order does not count,
 * and search ignores case and spacing, so queries differing only in those share an answer.
 */
function toCacheKey(query: ListQuery): string {
  return toQueryKey(listQuerySchema, query, { q: normalizeQuery });
}

/**
 * GET /api/v1/templates: validates the query, then answers from an LRU of serialized bodies
 * (with their ETags), so a repeated search costs a lookup rather than a search and a stringify.
 * A body is kept from a query's second request on (one-off searches would only churn the
 * cache), a large one from its first. A paged answer carries its neighbours in `Link` (under `listUrl`).
 */
export function createListRoute(catalog: Catalog, cacheClass: CacheClass, tagHeaders: readonly string[], listUrl: string, onCache?: (cache: LruCache<Reply>) => void): (search: string) => Reply {
  const answer = (query: ListQuery): Reply => {
    const list = listTemplates(catalog, query);
    const reply = createJsonReply(list, cacheClass, tagHeaders);
    const links = listPageLinks(query, list.total ?? list.count);
    const note = formatSearchNote(list);
    const headers = [...(links.length ? ['Link', formatPageLinks(links, listUrl, NAMES)] : []), ...(note ? [SEARCH_NOTE, note] : [])];
    if (headers.length) reply.headers = headers;
    return reply;
  };
  const cache = new LruCache<Reply>(CACHE_ENTRIES, CACHE_BYTES);
  onCache?.(cache); // the origin reports its hit ratio on /metrics
  const repeats = new RepeatFilter(CACHE_ENTRIES * 10);
  // The unbounded, unfiltered list (every template, ~1 KB each) may outgrow the LRU's byte bound;
  // it has a slot of its own so it is serialized and compressed once per build.
  let whole: Reply | undefined;
  return (search) => {
    const query = readQuery(listQuerySchema, search, API_QUERY);
    const key = toCacheKey(query);
    if (key === WHOLE_CATALOG) return (whole ??= answer(query));
    let reply = cache.get(key);
    if (!reply) {
      reply = answer(query);
      if (reply.body.length >= KEEP_AT_ONCE_BYTES || repeats.seenBefore(key)) cache.set(key, reply);
    }
    return reply;
  };
}
