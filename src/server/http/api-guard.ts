import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../core/api-error.ts';
import type { RateLimitBucketName, Route } from '../../contracts/routes/route-table.ts';
import { writeReply } from './api-reply.ts';
import { finishRefusal } from './finish-refusal.ts';
import { buildRateLimitHeaders, formatPolicy, secondsToReset } from './rate-limit-headers.ts';
import type { RateLimitBucket } from './rate-limit.ts';
import { toErrorReply } from './send-error.ts';

/** What a 429 of each bucket says was too many. */
const COUNTED: Record<RateLimitBucketName, string> = { rest: 'requests', mcp: 'MCP requests' };

/** Counts a request against its route's bucket: the headers to send on, or undefined once refused. */
export type RateLimitGuard = (req: IncomingMessage, res: ServerResponse, route: Route & { bucket: RateLimitBucketName }, common: readonly string[], requestId: string) => Promise<string[] | undefined>;

/**
 * The rate limit of the API, applied to every route the table gives a bucket: the request
 * counts against that bucket, and every answer (the 429 included) carries the rate-limit
 * headers after `common`. Over the limit, the guard answers 429 `rate_limited` itself.
 */
export function createRateLimitGuard(buckets: Record<RateLimitBucketName, RateLimitBucket>, clientKey: (req: IncomingMessage) => string): RateLimitGuard {
  const policies = { rest: formatPolicy(buckets.rest.limit), mcp: formatPolicy(buckets.mcp.limit) };
  return async (req, res, route, common, requestId) => {
    const state = await buckets[route.bucket].consume(clientKey(req));
    const headers = common.concat(buildRateLimitHeaders(state, policies[route.bucket]));
    if (state.allowed) return headers;
    const wait = secondsToReset(state);
    const err = new ApiError('rate_limited', `Too many ${COUNTED[route.bucket]}: the limit is ${state.limit} per minute per client. Retry in ${wait} s.`, wait);
    writeReply(req, res, toErrorReply(err, { method: req.method, path: req.url ?? '', requestId }), headers);
    finishRefusal(req, res);
    return undefined;
  };
}
