import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimitBucketName, Route } from '../../contracts/routes/route-table.ts';
import { buildRateLimitHeaders, formatPolicy, type RateLimitBucket } from '../../http/rate-limit.ts';
import { createRateLimitedReply } from '../../http/rate-limited-reply.ts';
import { logUnexpected } from '../observe/log.ts';
import { writeReply } from './api-reply.ts';
import { finishRefusal } from './finish-refusal.ts';

/** Counts a request against its route's bucket: the headers to send on, or undefined once refused. */
export type RateLimitGuard = (req: IncomingMessage, res: ServerResponse, route: Route & { bucket: RateLimitBucketName }, common: readonly string[], requestId: string) => Promise<string[] | undefined>;

/**
 * The rate limit of the API, applied to every route the table gives a bucket: the request
 * counts against that bucket, and every answer (the 429 included) carries the rate-limit
 * headers after `common` (src/http/rate-limit.ts). Over the limit, the guard answers the one 429
 * itself (src/http/rate-limited-reply.ts: `rate_limited`, or a page on a page route).
 */
export function createRateLimitGuard(buckets: Record<RateLimitBucketName, RateLimitBucket>, clientKey: (req: IncomingMessage) => string, siteUrl: string): RateLimitGuard {
  const policies = { rest: formatPolicy(buckets.rest.limit), mcp: formatPolicy(buckets.mcp.limit) };
  return async (req, res, route, common, requestId) => {
    const state = await buckets[route.bucket].consume(clientKey(req));
    const headers = common.concat(buildRateLimitHeaders(state, policies[route.bucket]));
    if (state.allowed) return headers;
    const path = (req.url ?? '').split('?')[0]!;
    writeReply(req, res, createRateLimitedReply(route, state, { method: req.method, path, requestId, accept: req.headers.accept, siteUrl, report: logUnexpected }), headers);
    finishRefusal(req, res);
    return undefined;
  };
}
