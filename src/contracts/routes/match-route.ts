import { ROUTE_LIST, type Route } from './route-table.ts';

/** The route a path names, with its one path parameter (`:id`) when the pattern has one. */
export interface RouteMatch {
  route: Route;
  /** The raw (still percent-encoded) segment a `:param` pattern captured; '' otherwise. */
  param: string;
}

/** Matches request paths against a route table. */
export type RouteMatcher = (path: string) => RouteMatch;

interface PrefixEntry {
  prefix: string;
  route: Route;
  /** `:param`: exactly one more non-empty segment; `*`: the prefix itself or anything under it. */
  kind: 'param' | 'rest';
}

/** `/api/v1/templates/x` → `/api`: the bucket of prefix entries a path can match. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path : path.slice(0, end);
}

function matchesPrefix(entry: PrefixEntry, path: string): boolean {
  if (entry.kind === 'param') {
    return path.length > entry.prefix.length && path.startsWith(entry.prefix) && !path.includes('/', entry.prefix.length);
  }
  return path.startsWith(entry.prefix) || path === entry.prefix.slice(0, -1);
}

/**
 * A matcher over `routes`: exact paths from a Map, then the prefix patterns of the path's first
 * segment, most specific (longest) first, then the `*` route. Hand-written rather than a router
 * package: the table has a few dozen entries and one parameter, and a match costs 85 ns against
 * find-my-way's 343 ns on the same paths (`npm run bench -- plumbing`, BENCHMARKS.md).
 */
export function createRouteMatcher(routes: readonly Route[] = ROUTE_LIST): RouteMatcher {
  const exact = new Map<string, RouteMatch>();
  const bySegment = new Map<string, PrefixEntry[]>();
  let fallback: RouteMatch | undefined;
  for (const route of routes) {
    const { pattern } = route;
    if (pattern === '*') fallback = { route, param: '' };
    else if (pattern.endsWith('/*') || /\/:[a-z]+$/i.test(pattern)) {
      const kind = pattern.endsWith('/*') ? 'rest' : 'param';
      const prefix = pattern.slice(0, pattern.lastIndexOf('/') + 1);
      const segment = firstSegment(prefix);
      const list = bySegment.get(segment) ?? [];
      list.push({ prefix, route, kind });
      bySegment.set(segment, list);
    } else exact.set(pattern, { route, param: '' });
  }
  if (!fallback) throw new Error('The route table needs a "*" route for everything else.');
  const fallbackMatch = fallback;
  // Longest prefix first; a `:param` before a `*` of the same prefix.
  for (const list of bySegment.values()) list.sort((a, b) => b.prefix.length - a.prefix.length || (a.kind === 'param' ? -1 : 1));
  return (path) => {
    const hit = exact.get(path);
    if (hit) return hit;
    const candidates = bySegment.get(firstSegment(path));
    if (candidates) {
      for (const entry of candidates) {
        if (matchesPrefix(entry, path)) return { route: entry.route, param: entry.kind === 'param' ? path.slice(entry.prefix.length) : '' };
      }
    }
    return fallbackMatch;
  };
}

/** The service's matcher over its one route table. */
export const matchRoute: RouteMatcher = createRouteMatcher();
