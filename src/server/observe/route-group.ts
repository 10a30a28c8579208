/**
 * A bounded label for metrics from a request path (never the path itself: paths are
 * unbounded). Rate-limit buckets follow the same split: `rest` for /api/v1, `mcp` for /api/mcp.
 */
export function toRouteGroup(path: string): string {
  if (path.startsWith('/api/')) {
    if (path === '/api/mcp') return 'mcp';
    if (path === '/api/v1/templates') return 'rest-list';
    if (path.startsWith('/api/v1/templates/')) return 'rest-one';
    if (path.startsWith('/api/v1/')) return 'rest-other';
    return 'api-unknown';
  }
  if (path === '/healthz' || path === '/readyz') return 'probe';
  if (path.startsWith('/_astro/') || path.startsWith('/posters/') || path === '/favicon.svg') return 'asset';
  if (path.startsWith('/data/') || path.startsWith('/.well-known/') || path === '/openapi.json' || path.startsWith('/llms')) return 'published';
  return 'page';
}

/** The rate-limit bucket a 429 on this route group came from. */
export function toRateLimitBucket(group: string): string {
  return group === 'mcp' ? 'mcp' : 'rest';
}
