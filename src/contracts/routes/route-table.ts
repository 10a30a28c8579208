import { PUBLISHED_REDIRECTS } from '../discovery/discovery-paths.ts';
import { MCP_PATH, MCP_SERVER_CARD_PATH } from '../mcp/server-info.ts';
import type { CacheClass } from '../../core/cdn/cache-policy.ts';
import { GROUP_TAGS, type TagSource } from '../../core/cdn/cache-tags.ts';

/** Which handler answers a route; create-app binds one per build. */
export type RouteHandlerId = 'health' | 'readiness' | 'list' | 'get-one' | 'studio-link' | 'rest-unknown' | 'mcp' | 'mcp-card' | 'api-unknown' | 'redirect' | 'files';

/** The rate-limit budget a route draws on (REST and MCP each have their own). */
export type RateLimitBucketName = 'rest' | 'mcp';


/** One route of the service: every decision the pipeline makes about a path, in one place. */
export interface RouteDefinition {
  /** The path pattern, for people and docs: exact, `:param` for one segment, `*` for the rest. */
  pattern: string;
  handler: RouteHandlerId;
  /** Methods answered besides OPTIONS (every path answers OPTIONS). */
  methods: readonly ('GET' | 'HEAD' | 'POST')[];
  /** Requests counted against this budget (OPTIONS never is); none for pages and files. */
  bucket?: RateLimitBucketName;
  /** The bounded label of the route in metrics. */
  group: string;
  /** How its answers may be cached: a class of the cache policy (src/core/cdn/cache-policy.ts). */
  cache: CacheClass;
  /** How its answers are tagged for a CDN's purge (cache-tags.ts; read by route-tags.ts). */
  tags: TagSource;
  /** Said after "use <methods>" when another method is refused. */
  methodNote?: string;
}

const READ = ['GET', 'HEAD'] as const;
const NONE: TagSource = 'none';
const tag = (group: (typeof GROUP_TAGS)[keyof typeof GROUP_TAGS]): TagSource => ({ group });
// Generic so each entry keeps its literal path and handler (openapi-routes.ts reads them).
const api = <P extends string, H extends RouteHandlerId>(pattern: P, handler: H, group: string, cache: CacheClass, tags: TagSource) => ({ pattern, handler, methods: READ, bucket: 'rest', group, cache, tags }) as const;
const file = (pattern: string, group: 'asset' | 'published' | 'page', cache: CacheClass, tags: TagSource): RouteDefinition => ({ pattern, handler: 'files', methods: READ, group, cache, tags });
// A page that runs an operation (a search, a template lookup) draws on the REST budget; its 429 is a page (isPageRoute).
const operationPage = (pattern: string): RouteDefinition => ({ ...file(pattern, 'page', 'search', tag(GROUP_TAGS.lists)), bucket: 'rest' });

/**
 * Every route, most specific first within each kind of pattern (exact paths, then the longest
 * prefix). Anything no entry names is a page: a prerendered file, an on-demand page or the 404
 * page. This table drives dispatch, the API guard (bucket), OPTIONS and Allow/405, the metrics
 * group, the cache class and the cache tags.
 */
export const ROUTES = [
  { pattern: '/healthz', handler: 'health', methods: READ, group: 'probe', cache: 'none', tags: NONE },
  { pattern: '/readyz', handler: 'readiness', methods: READ, group: 'probe', cache: 'none', tags: NONE },
  api('/api/v1/templates', 'list', 'rest-list', 'list', tag(GROUP_TAGS.lists)),
  api('/api/v1/templates/:id', 'get-one', 'rest-one', 'template-json', 'template'),
  api('/api/v1/studio-link', 'studio-link', 'rest-other', 'list', tag(GROUP_TAGS.lists)),
  api('/api/v1/*', 'rest-unknown', 'rest-other', 'none', NONE),
  {
    pattern: MCP_PATH,
    handler: 'mcp',
    methods: ['POST'],
    bucket: 'mcp',
    group: 'mcp',
    cache: 'none',
    tags: NONE,
    methodNote: 'MCP here is streamable HTTP in stateless mode with JSON answers: there is no event stream to GET and no session to DELETE.',
  },
  { pattern: MCP_SERVER_CARD_PATH, handler: 'mcp-card', methods: READ, bucket: 'mcp', group: 'mcp', cache: 'published', tags: tag(GROUP_TAGS.site) },
  { pattern: '/api/*', handler: 'api-unknown', methods: READ, group: 'api-unknown', cache: 'none', tags: NONE },
  file('/_astro/*', 'asset', 'asset', NONE), // hashed: the bytes never change under the name
  // Social images by a hash of what they are drawn from (social-image.ts): never change under the name.
  file('/social/*', 'asset', 'asset', NONE),
  file('/posters/*', 'asset', 'published', 'poster'),
  file('/mcp/*', 'asset', 'published', tag(GROUP_TAGS.site)),
  file('/favicon.svg', 'asset', 'published', tag(GROUP_TAGS.site)),
  file('/data/*', 'published', 'published', tag(GROUP_TAGS.data)),
  ...Object.keys(PUBLISHED_REDIRECTS).map((pattern) => ({ pattern, handler: 'redirect', methods: READ, group: 'published', cache: 'published', tags: tag(GROUP_TAGS.site) }) as const),
  file('/.well-known/*', 'published', 'published', tag(GROUP_TAGS.site)),
  file('/openapi.json', 'published', 'published', tag(GROUP_TAGS.site)),
  file('/llms.txt', 'published', 'published', tag(GROUP_TAGS.llms)),
  file('/llms-full.txt', 'published', 'published', tag(GROUP_TAGS.llms)),
  file('/robots.txt', 'published', 'published', tag(GROUP_TAGS.sitemaps)),
  file('/sitemap.xml', 'published', 'published', tag(GROUP_TAGS.sitemaps)),
  file('/sitemaps/*', 'published', 'published', tag(GROUP_TAGS.sitemaps)),
  operationPage('/search'),
  operationPage('/search.md'),
  operationPage('/studio'),
  // Pages answer alike (the catch-all's handler and class); these rows only name what they show.
  file('/', 'page', 'page', tag(GROUP_TAGS.home)),
  file('/index.md', 'page', 'page', tag(GROUP_TAGS.home)),
  file('/index.html', 'page', 'page', tag(GROUP_TAGS.home)),
  file('/sitemap.md', 'page', 'page', tag(GROUP_TAGS.sitemaps)),
  file('/templates/:slug', 'page', 'page', 'template'),
  file('/categories/:category', 'page', 'page', 'category'),
  file('*', 'page', 'page', tag(GROUP_TAGS.site)),
] as const satisfies readonly RouteDefinition[];

/** One entry of the table, as the pipeline uses it. */
export type Route = RouteDefinition & {
  /** The `Allow` value: the methods and OPTIONS. */
  readonly allow: string;
};

/** True for a route of pages and files (its answers, a 429 included, are pages rather than the API's JSON). */
export function isPageRoute(route: RouteDefinition): boolean {
  return route.handler === 'files';
}

/** The table with each route's `Allow` made once. */
export const ROUTE_LIST: readonly Route[] = ROUTES.map((r) => ({ ...r, allow: [...r.methods, 'OPTIONS'].join(', ') }));

/** Every metrics group, in table order (for /metrics and docs/operating.md). */
export const ROUTE_GROUPS: readonly string[] = [...new Set(ROUTE_LIST.map((r) => r.group))];
