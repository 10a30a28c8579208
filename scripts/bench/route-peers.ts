/**
 * The route table served by find-my-way (Fastify's router), the well-kept peer of our
 * hand-written matcher in the plumbing bench: same table, same answers.
 */
import findMyWay from 'find-my-way';
import type { RouteMatch, RouteMatcher } from '../../src/contracts/routes/match-route.ts';
import type { Route } from '../../src/contracts/routes/route-table.ts';

/** A matcher over `routes` that asks find-my-way (patterns translated to its syntax). */
export function createFindMyWayMatcher(routes: readonly Route[]): RouteMatcher {
  const router = findMyWay({ ignoreTrailingSlash: false, ignoreDuplicateSlashes: false });
  const store = new Map<Route, RouteMatch>();
  for (const route of routes) {
    store.set(route, { route, param: '' });
    const add = (path: string) => router.on('GET', path, () => undefined, route);
    if (route.pattern === '*') add('*');
    else if (route.pattern.endsWith('/*')) {
      add(route.pattern);
      add(route.pattern.slice(0, -2));
    } else add(route.pattern);
  }
  return (path) => {
    const found = router.find('GET', path);
    if (!found) throw new Error(`find-my-way matched nothing for ${path}`);
    const route = found.store as Route;
    const id = (found.params as Record<string, string | undefined>).id;
    return id === undefined ? store.get(route)! : { route, param: id };
  };
}
