import { isPageRoute, ROUTE_LIST, ROUTES, type RateLimitBucketName } from '../routes/route-table.ts';
import type { JsonSchema } from './openapi-schemas.ts';

type ApiRoute = Extract<(typeof ROUTES)[number], { bucket: RateLimitBucketName }>;

/** The handlers of the API's endpoints: routes with a rate-limit budget and an exact path (the catch-alls aside). */
export type EndpointHandler = Exclude<ApiRoute, { pattern: `${string}*` }>['handler'];

/** One Path Item per endpoint handler: the type check fails when the route table gains an endpoint openapi.json does not describe. */
export type EndpointPathItems = { [H in EndpointHandler]: JsonSchema };

const isEndpoint = (r: (typeof ROUTE_LIST)[number]) => r.bucket !== undefined && !isPageRoute(r) && !r.pattern.includes('*');

/** The route table's endpoints as openapi.json writes their paths (`:id` → `{id}`), by handler. */
export function listEndpointPaths(): Map<string, string> {
  return new Map(ROUTE_LIST.filter(isEndpoint).map((r) => [r.handler, r.pattern.replace(/:(\w+)/g, '{$1}')]));
}

/**
 * The `paths` of openapi.json: each Path Item under its route's path in the route table (written
 * nowhere else), in the order given. An operation whose method the route does not answer, or a
 * handler the table does not list as an endpoint, stops the build.
 */
export function buildPathItems(items: EndpointPathItems): Record<string, JsonSchema> {
  const paths = listEndpointPaths();
  return Object.fromEntries(
    Object.entries(items).map(([handler, item]) => {
      const path = paths.get(handler);
      const route = ROUTE_LIST.find((r) => r.handler === handler && isEndpoint(r));
      if (!path || !route) throw new Error(`openapi: "${handler}" is not an endpoint of the route table`);
      const refused = Object.keys(item).filter((m) => !route.methods.some((allowed) => allowed.toLowerCase() === m));
      if (refused.length) throw new Error(`openapi: ${path} does not answer ${refused.join(', ')} (the route table allows ${route.allow})`);
      return [path, item];
    }),
  );
}
