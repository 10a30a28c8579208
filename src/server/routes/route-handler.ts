import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTarget } from '../http/request-target.ts';
import type { Route } from '../../contracts/routes/route-table.ts';

/** What the pipeline hands a route's handler: the request read once, and the headers it owes. */
export interface RouteContext extends RequestTarget {
  route: Route;
  /** The segment a `:param` pattern captured (raw); '' otherwise. */
  param: string;
  /** Header name/value pairs every answer of this request carries (CORS, rate limits, deprecation, `echo`). */
  common: readonly string[];
  /** The headers every answer of the request carries (its X-Request-Id), for writers that bring their own CORS. */
  echo: readonly string[];
  /** The answer's X-Request-Id, which error bodies repeat as `requestId`. */
  requestId: string;
}

/** Answers one request of a route. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, ctx: RouteContext) => Promise<void> | void;
