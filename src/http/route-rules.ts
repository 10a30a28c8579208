import { ApiError } from '../core/api-error.ts';
import type { Route } from '../contracts/routes/route-table.ts';
import { buildPreflightHeaders } from './cors.ts';
import { clipInput } from '../core/quote-input.ts';

const preflights = new WeakMap<Route, readonly string[]>();

/**
 * The headers of the 204 answer to OPTIONS on a route: a CORS preflight (every route may be
 * read from any origin) or a plain capability question, with the route's `Allow`. Made once per route.
 */
export function preflightHeadersOf(route: Route): readonly string[] {
  let headers = preflights.get(route);
  if (!headers) preflights.set(route, (headers = buildPreflightHeaders(route.allow)));
  return headers;
}

/** True when the route answers `method` (OPTIONS is answered everywhere, before this). */
export function allowsMethod(route: Route, method: string | undefined): boolean {
  return (route.methods as readonly string[]).includes(method ?? '');
}

/**
 * The one 405 of the service (RFC 9110 §15.5.6): the Error `method_not_allowed`, naming what
 * the route takes; its answer carries `Allow: route.allow`.
 */
export function createMethodNotAllowed(route: Route, method: string | undefined, path: string): ApiError {
  const note = route.methodNote ? ` ${route.methodNote}` : '';
  return new ApiError('method_not_allowed', `${clipInput(method)} is not allowed on ${clipInput(path)}: use ${route.methods.join(', ')} (or OPTIONS).${note}`);
}

/** Routes of the versioned REST API, whose answers carry the deprecation headers once set. */
export const isVersioned = (route: Route) => route.pattern.startsWith('/api/v1/');

/** An address of the API (`/api` and below): its refusals carry the JSON Error shape, even before any route is matched. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
