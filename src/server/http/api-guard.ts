import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../core/api-error.ts';
import { writeReply } from './api-reply.ts';
import { buildPreflightHeaders, CORS_HEADERS } from './cors.ts';
import { finishRefusal } from './finish-refusal.ts';
import { buildRateLimitHeaders, formatPolicy, secondsToReset } from './rate-limit-headers.ts';
import type { RateLimitBucket } from './rate-limit.ts';
import { toErrorReply } from './send-error.ts';

/** The next step behind the guard; `common` holds the headers every answer of the route carries. */
export type GuardedHandler = (req: IncomingMessage, res: ServerResponse, common: readonly string[]) => Promise<void>;

/** A route of the API mounted behind the guard. */
export interface GuardOptions {
  /** What the route answers besides OPTIONS, e.g. `GET, HEAD, OPTIONS`. */
  allow: string;
  bucket: RateLimitBucket;
  /** Who is counted: the rate-limit key of the client. */
  clientKey: (req: IncomingMessage) => string;
  /** Words for the 429 message ("requests", "MCP requests"). */
  what: string;
  /** Headers added to every answer, preflight included (e.g. deprecation). */
  extra?: readonly string[];
}

/**
 * The one CORS + preflight + rate-limit middleware of the API, mounted by path prefix around
 * REST (/api/v1) and MCP (/api/mcp): OPTIONS gets the 204 preflight without counting; every
 * other request counts against the route's bucket, and every answer (429 included) carries
 * the CORS, nosniff, rate-limit and extra headers.
 */
export function guardApi(options: GuardOptions, next: GuardedHandler): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const extra = options.extra ?? [];
  const preflight = [...buildPreflightHeaders(options.allow), ...extra];
  const base = [...CORS_HEADERS, 'X-Content-Type-Options', 'nosniff', ...extra];
  const policy = formatPolicy(options.bucket.limit);
  return async (req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, preflight);
      res.end();
      return;
    }
    const state = await options.bucket.consume(options.clientKey(req));
    const common = base.concat(buildRateLimitHeaders(state, policy));
    if (!state.allowed) {
      const wait = secondsToReset(state);
      const err = new ApiError('rate_limited', `Too many ${options.what}: the limit is ${state.limit} per minute per client. Retry in ${wait} s.`, wait);
      writeReply(req, res, toErrorReply(err, { method: req.method, path: req.url ?? '' }), common);
      return finishRefusal(req, res);
    }
    await next(req, res, common);
  };
}
