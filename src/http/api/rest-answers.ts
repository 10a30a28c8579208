import { ApiError } from '../../core/api-error.ts';
import { formatTagHeader, GROUP_TAGS, templateTag } from '../../core/cdn/cache-tags.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { LruCache } from '../../core/lru-cache.ts';
import { MCP_PATH } from '../../contracts/mcp/server-info.ts';
import { isPageRoute, ROUTE_LIST, type RouteHandlerId } from '../../contracts/routes/route-table.ts';
import type { Config } from '../../schemas/config.ts';
import type { Reply } from '../reply.ts';
import { createGetOneRoute } from './get-one-route.ts';
import { createListRoute } from './list-route.ts';
import { createStudioLinkRoute } from './studio-link-route.ts';
import { clipInput } from '../../core/quote-input.ts';

/** The REST endpoints, named as the route table gives them. */
const ENDPOINTS = ROUTE_LIST.filter((r) => r.bucket === 'rest' && !isPageRoute(r) && !r.pattern.endsWith('*')).map((r) => `GET ${r.pattern.replace(':id', '{id}')}`);

/** The cache class the route table gives a handler's answers. */
const cacheClassOf = (handler: RouteHandlerId) => ROUTE_LIST.find((r) => r.handler === handler)!.cache;

/** What a REST answer reads from the request: the captured `:id` and the query. */
export interface RestInput {
  path: string;
  search: string;
  param: string;
}

/** The REST handlers (and unknown /api paths), by the route table's handler id: each maps a request to a reply or throws an ApiError. */
export type RestAnswers = Record<'list' | 'get-one' | 'studio-link' | 'rest-unknown' | 'api-unknown', (input: RestInput) => Reply>;

/**
 * The REST API v1 and the JSON 404 of unknown /api paths, one implementation for the origin and
 * the function: each answer maps the request to a Reply or throws the ApiError that becomes one
 * (the writer of each runtime sends it). The route table has already answered OPTIONS, counted
 * the request and refused other methods. `onListCache` sees the list answers' cache (the origin
 * reports its hit ratio).
 */
export function createRestAnswers(catalog: Catalog, config: Config, onListCache?: (cache: LruCache<Reply>) => void): RestAnswers {
  const tag = (tags: readonly string[]) => formatTagHeader(config.CACHE_TAG_HEADER, tags);
  const list = createListRoute(catalog, cacheClassOf('list'), tag([GROUP_TAGS.lists]), config.SITE_URL + ROUTE_LIST.find((r) => r.handler === 'list')!.pattern, onListCache);
  const getOne = createGetOneRoute(catalog, cacheClassOf('get-one'), (id) => tag([templateTag(id)]));
  const studioLink = createStudioLinkRoute(catalog, config.STUDIO_URL, cacheClassOf('studio-link'), tag([GROUP_TAGS.lists]));
  const notFound = (path: string, where: string) =>
    new ApiError('not_found', `No API endpoint at ${clipInput(path)}.${where && ` ${where}`} Open ${config.SITE_URL}/openapi.json for the endpoints: ${ENDPOINTS.join(', ')}.`);
  return {
    list: ({ search }) => list(search),
    'get-one': ({ param }) => getOne(param),
    'studio-link': ({ search }) => studioLink(search),
    'rest-unknown': ({ path }) => {
      throw notFound(path, '');
    },
    'api-unknown': ({ path }) => {
      throw notFound(path, `The REST API is under /api/v1 and MCP is at ${MCP_PATH}.`);
    },
  };
}
