/**
 * The one cache policy of the service: for each class of answer, how long a browser and a
 * shared cache (a CDN) may keep it, whether a shared cache may serve it stale, and what it
 * varies on. Every Cache-Control and Vary the server writes comes from this table, and the
 * cache table of docs/deploying.md is printed from it.
 */

const MINUTE = 60;
const DAY = 86_400;
const YEAR = 31_536_000;

/** Lifetimes in seconds; `undefined` means the directive is not sent. */
export interface CachePolicy {
  /** What the class covers, for the docs table. */
  covers: string;
  /** Not kept by any cache (`no-store`); every other field is ignored. */
  noStore?: boolean;
  /** `max-age`: how long any cache, a browser included, may use it without asking. */
  browser: number;
  /** `s-maxage`: how long a shared cache may use it; unset, the same as `browser`. */
  shared?: number;
  /** `stale-while-revalidate`: served stale this long past its lifetime while refetched. */
  staleWhileRevalidate?: number;
  /** `stale-if-error`: served stale this long past its lifetime while the origin fails. */
  staleIfError?: number;
  /** `immutable`: the bytes never change under this address. */
  immutable?: boolean;
  /** Request headers that choose between representations. */
  vary: readonly string[];
}

/**
 * Pages and published files live a day at the edge (purged by every publish that changes
 * them, so the day only bounds a purge that never arrived) and are revalidated by browsers on
 * each use (cheap with the ETag); during an origin outage the edge keeps serving them a day.
 * List and search answers depend on the query, so they are not purged one by one: a minute.
 */
export const CACHE_POLICIES = {
  asset: { covers: 'hashed assets (`/_astro/`) and social images (`/social/{slug}.{hash}.png`)', browser: YEAR, immutable: true, vary: ['Accept-Encoding'] },
  page: {
    covers: 'HTML pages and their Markdown twins, at any of their addresses (`/`, `/templates/{slug}`, `/templates/{slug}.md`, `/categories/{id}`, `/docs`, `/requests`)',
    browser: 0,
    shared: DAY,
    staleIfError: DAY,
    vary: ['Accept', 'Accept-Encoding'],
  },
  published: {
    covers: 'published files: `openapi.json`, `llms.txt`, sitemaps, posters, `/data/`, `/.well-known/`, the MCP server card',
    browser: 0,
    shared: DAY,
    staleIfError: DAY,
    vary: ['Accept-Encoding'],
  },
  'template-json': {
    covers: 'one template as JSON (`/api/v1/templates/{id-or-slug}`)',
    browser: 0,
    shared: DAY,
    staleIfError: DAY,
    vary: ['Accept-Encoding'],
  },
  list: {
    covers: 'list and search answers, studio links (`/api/v1/templates?…`, `/api/v1/studio-link?…`)',
    browser: MINUTE,
    staleWhileRevalidate: 5 * MINUTE,
    vary: ['Accept-Encoding'],
  },
  search: {
    covers: 'the search page, its twin and the studio page (`/search?…`, `/search.md?…`, `/studio?…`)',
    browser: MINUTE,
    staleWhileRevalidate: 5 * MINUTE,
    vary: ['Accept', 'Accept-Encoding'],
  },
  preflight: { covers: 'CORS preflights (`OPTIONS`)', browser: DAY, vary: [] },
  none: {
    covers: 'errors, 404 pages, 405, 429, probes, MCP answers',
    noStore: true,
    browser: 0,
    vary: [],
  },
} as const satisfies Record<string, CachePolicy>;

/** A class of answer with its own cache policy. */
export type CacheClass = keyof typeof CACHE_POLICIES;

/** The classes in table order. */
export const CACHE_CLASSES = Object.keys(CACHE_POLICIES) as CacheClass[];

/** The Cache-Control value of a policy. */
export function formatCacheControl(policy: CachePolicy): string {
  if (policy.noStore) return 'no-store';
  const parts = ['public', `max-age=${policy.browser}`];
  if (policy.shared !== undefined && policy.shared !== policy.browser) parts.push(`s-maxage=${policy.shared}`);
  if (policy.staleWhileRevalidate !== undefined) parts.push(`stale-while-revalidate=${policy.staleWhileRevalidate}`);
  if (policy.staleIfError !== undefined) parts.push(`stale-if-error=${policy.staleIfError}`);
  if (policy.immutable) parts.push('immutable');
  return parts.join(', ');
}

/** The Cache-Control value of a class. */
export function cacheControlOf(cls: CacheClass): string {
  return formatCacheControl(CACHE_POLICIES[cls]);
}

/** The longest a shared cache may hand out an answer of this class after it was fetched. */
export function longestSharedUse(policy: CachePolicy): number {
  if (policy.noStore) return 0;
  const stale = Math.max(policy.staleWhileRevalidate ?? 0, policy.staleIfError ?? 0);
  return (policy.shared ?? policy.browser) + stale;
}

/**
 * How long hashed assets of a replaced build must stay served: as long as an HTML page that
 * links them may still be handed out by a CDN (its shared lifetime plus its stale window).
 */
export const DEFAULT_ASSET_RETENTION_SECONDS = Math.max(longestSharedUse(CACHE_POLICIES.page), longestSharedUse(CACHE_POLICIES.search));

/** The retention the operator configured (in seconds), or the default above. */
export function resolveAssetRetention(configured: number | undefined): number {
  return configured ?? DEFAULT_ASSET_RETENTION_SECONDS;
}

function toHeaders(policy: CachePolicy): readonly string[] {
  const headers = ['Cache-Control', formatCacheControl(policy)];
  if (policy.vary.length) headers.push('Vary', policy.vary.join(', '));
  return headers;
}

/** Cache-Control and Vary of each class as header name/value pairs, made once. */
export const CACHE_HEADERS = Object.fromEntries(CACHE_CLASSES.map((cls) => [cls, toHeaders(CACHE_POLICIES[cls])])) as Record<CacheClass, readonly string[]>;
