import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../core/api-error.ts';
import type { Route } from '../../contracts/routes/route-table.ts';
import { writeReply } from './api-reply.ts';
import { buildPreflightHeaders } from './cors.ts';
import { toErrorReply } from './send-error.ts';

const preflights = new WeakMap<Route, string[]>();

/**
 * The 204 answer to OPTIONS on any route: a CORS preflight (every route may be read from any
 * origin) or a plain capability question, with the route's `Allow`. `extra` holds headers every
 * answer of the route carries (deprecation on /api/v1).
 */
export function writePreflight(res: ServerResponse, route: Route, extra: readonly string[] = []): void {
  let headers = preflights.get(route);
  if (!headers) preflights.set(route, (headers = buildPreflightHeaders(route.allow)));
  res.writeHead(204, extra.length ? [...headers, ...extra] : headers);
  res.end();
}

/** True when the route answers `method` (OPTIONS is answered everywhere, before this). */
export function allowsMethod(route: Route, method: string | undefined): boolean {
  return (route.methods as readonly string[]).includes(method ?? '');
}

/**
 * The one 405 of the service (RFC 9110 §15.5.6): the Error body `method_not_allowed`, naming
 * what the route takes, with `Allow`; `common` holds the route's other headers (CORS, limits).
 */
export function writeMethodNotAllowed(req: IncomingMessage, res: ServerResponse, route: Route, path: string, common: readonly string[], requestId: string): void {
  const note = route.methodNote ? ` ${route.methodNote}` : '';
  const message = `${String(req.method).slice(0, 32)} is not allowed on ${path.slice(0, 200)}: use ${route.methods.join(', ')} (or OPTIONS).${note}`;
  writeReply(req, res, toErrorReply(new ApiError('method_not_allowed', message), { path, requestId }), [...common, 'Allow', route.allow]);
}
