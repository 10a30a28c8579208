import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../core/api-error.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { writeReply, type Reply } from '../http/api-reply.ts';
import { buildPreflightHeaders, CORS_HEADERS } from '../http/cors.ts';
import { buildDeprecationHeaders } from './deprecation.ts';
import { buildRateLimitHeaders, formatPolicy, secondsToReset } from '../http/rate-limit-headers.ts';
import type { RateLimitBucket } from '../http/rate-limit.ts';
import { toErrorReply } from '../http/send-error.ts';
import { createGetOneRoute } from './get-one-route.ts';
import { createListRoute } from './list-route.ts';
import { createStudioLinkRoute } from './studio-link-route.ts';

const ALLOW = 'GET, HEAD, OPTIONS';
const ONE_PREFIX = '/api/v1/templates/';

/** Answers one request under /api/v1 (path without query, query with its `?`, rate-limit key). */
export type RestHandler = (req: IncomingMessage, res: ServerResponse, path: string, search: string, clientKey: string) => Promise<void>;

/**
 * The REST API v1. Every answer except a CORS preflight counts against the client's bucket
 * and carries the rate-limit, CORS and (when configured) deprecation headers.
 */
export function createRestApi(catalog: Catalog, config: Config, bucket: RateLimitBucket): RestHandler {
  const list = createListRoute(catalog);
  const getOne = createGetOneRoute(catalog);
  const studioLink = createStudioLinkRoute(catalog, config.STUDIO_URL);
  const deprecation = buildDeprecationHeaders(config);
  const base = [...CORS_HEADERS, 'X-Content-Type-Options', 'nosniff', ...deprecation];
  const preflight = [...buildPreflightHeaders(ALLOW), ...deprecation];
  const policy = formatPolicy(bucket.limit);
  const notFound = `Open ${config.SITE_URL}/openapi.json for the endpoints: GET /api/v1/templates, /api/v1/templates/{id} and /api/v1/studio-link.`;

  function route(method: string | undefined, path: string, search: string): Reply {
    let answer: () => Reply;
    if (path === '/api/v1/templates') answer = () => list(search);
    else if (path.startsWith(ONE_PREFIX) && path.length > ONE_PREFIX.length && !path.includes('/', ONE_PREFIX.length)) {
      answer = () => getOne(path.slice(ONE_PREFIX.length));
    } else if (path === '/api/v1/studio-link') answer = () => studioLink(search);
    else throw new ApiError('not_found', `No API endpoint at ${path.slice(0, 200)}. ${notFound}`);
    if (method !== 'GET' && method !== 'HEAD') {
      throw new ApiError('method_not_allowed', `${method} is not allowed on ${path}: the API is read-only; use GET, HEAD or OPTIONS.`);
    }
    return answer();
  }

  return async (req, res, path, search, clientKey) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, preflight);
      res.end();
      return;
    }
    const state = await bucket.consume(clientKey);
    const common = base.concat(buildRateLimitHeaders(state, policy));
    let reply: Reply;
    try {
      if (!state.allowed) {
        const wait = secondsToReset(state);
        throw new ApiError('rate_limited', `Too many requests: the limit is ${state.limit} per minute per client. Retry in ${wait} s.`, wait);
      }
      reply = route(req.method, path, search);
    } catch (err) {
      reply = toErrorReply(err, { method: req.method, path });
      if (reply.status === 405) reply = { ...reply, headers: [...(reply.headers ?? []), 'Allow', ALLOW] };
    }
    writeReply(req, res, reply, common);
  };
}
