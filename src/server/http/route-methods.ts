import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Route } from '../../contracts/routes/route-table.ts';
import { createMethodNotAllowed, preflightHeadersOf } from '../../http/route-rules.ts';
import { writeReply } from './api-reply.ts';
import { toErrorReply } from './send-error.ts';

/**
 * The 204 answer to OPTIONS on any route (src/http/route-rules.ts); `extra` holds headers every
 * answer of the route carries (deprecation on /api/v1).
 */
export function writePreflight(res: ServerResponse, route: Route, extra: readonly string[] = []): void {
  const headers = preflightHeadersOf(route);
  res.writeHead(204, extra.length ? [...headers, ...extra] : (headers as string[]));
  res.end();
}

/** The one 405 (src/http/route-rules.ts) with `Allow`; `common` holds the route's other headers (CORS, limits). */
export function writeMethodNotAllowed(req: IncomingMessage, res: ServerResponse, route: Route, path: string, common: readonly string[], requestId: string): void {
  writeReply(req, res, toErrorReply(createMethodNotAllowed(route, req.method, path), { path, requestId }), [...common, 'Allow', route.allow]);
}
