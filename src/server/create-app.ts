import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../schemas/config.ts';
import { CACHE_HEADERS } from '../core/cdn/cache-policy.ts';
import { buildDeprecationHeaders } from '../http/deprecation.ts';
import { createRestHandlers } from './api/rest-api.ts';
import { writeReply } from './http/api-reply.ts';
import { createRateLimitGuard } from './http/api-guard.ts';
import { createClientIpReader } from './http/client-ip.ts';
import { getRateLimitKey } from '../http/rate-limit-key.ts';
import { CORS_HEADERS } from '../core/cors-headers.ts';
import { createBucket } from './http/rate-limit.ts';
import { type RateLimitBucket } from '../http/rate-limit.ts';
import { createRedisClient } from './http/redis-client.ts';
import type { RequestTarget } from './http/request-target.ts';
import { writeMethodNotAllowed, writePreflight } from './http/route-methods.ts';
import { allowsMethod } from '../http/route-rules.ts';
import { toErrorReply } from './http/send-error.ts';
import type { LoadedBuild } from './lifecycle/load-build.ts';
import { createMcpHandlers } from './mcp/mcp-route.ts';
import { chargeEach } from '../http/mcp/bound-mcp-message.ts';
import { createPageHandlers } from './pages/pages.ts';
import type { RouteMatch } from '../contracts/routes/match-route.ts';
import type { RouteHandler } from './routes/route-handler.ts';
import type { RateLimitBucketName, Route, RouteHandlerId } from '../contracts/routes/route-table.ts';

/** One build's request handler. A new build gets a new App; the process keeps its Shared parts. */
export interface App {
  /**
   * Answers a request whose target the request entry has read and matched to a route; `echo`
   * holds header pairs every answer must carry (its X-Request-Id, `requestId`, among them).
   */
  handle(req: IncomingMessage, res: ServerResponse, target: RequestTarget, match: RouteMatch, echo: readonly string[], requestId: string): void;
}

/** What outlives any one build: the rate-limit buckets and their Redis connection. */
export interface Shared {
  buckets: Record<RateLimitBucketName, RateLimitBucket>;
  close(): Promise<void>;
}

/** Connects the rate-limit store once per process (Redis when `REDIS_URL` is set, else memory). */
export async function createShared(config: Config): Promise<Shared> {
  const redis = config.REDIS_URL ? await createRedisClient(config.REDIS_URL) : undefined;
  return {
    buckets: { rest: createBucket('rest', config.REST_RATE_LIMIT, redis), mcp: createBucket('mcp', config.MCP_RATE_LIMIT, redis) },
    async close() {
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}

/** Headers of every JSON answer the pipeline writes itself (refusals, errors). */
const JSON_HEADERS = [...CORS_HEADERS, 'X-Content-Type-Options', 'nosniff'];
/** Routes of the versioned REST API, whose answers carry the deprecation headers once set. */
const isVersioned = (route: Route) => route.pattern.startsWith('/api/v1/');

/** Handlers the request entry answers itself: probes belong to the process, not to a build. */
type AppHandlerId = Exclude<RouteHandlerId, 'health' | 'readiness'>;

/**
 * One build's pipeline, driven by the route table: OPTIONS is answered for every route, a
 * route with a bucket counts the request (429 past the limit), a method the route does not
 * take gets the one 405, and the route's handler answers the rest. Anything thrown reaches one
 * handler that never leaks a stack trace.
 */
export function createApp(serveConfig: Config, build: LoadedBuild, shared: Shared): App {
  // SITE_URL is the build's (load-build refused a different one): CSP, messages and MCP name it.
  const config: Config = { ...serveConfig, SITE_URL: build.siteUrl };
  const { catalog } = build;
  const deprecation = buildDeprecationHeaders(config);
  const clientIp = createClientIpReader(config.TRUST_PROXY);
  const guard = createRateLimitGuard(shared.buckets, (req) => getRateLimitKey(clientIp(req)), config.SITE_URL);
  const handlers: Record<AppHandlerId, RouteHandler> = {
    ...createRestHandlers(catalog, config),
    ...createMcpHandlers(catalog, config, (req) => chargeEach(() => shared.buckets.mcp.consume(getRateLimitKey(clientIp(req))))),
    ...createPageHandlers(build, config),
  };
  const headersOf = (route: Route) => (isVersioned(route) && deprecation.length ? [...JSON_HEADERS, ...deprecation] : JSON_HEADERS);

  async function answer(req: IncomingMessage, res: ServerResponse, target: RequestTarget, { route, param }: RouteMatch, echo: readonly string[], requestId: string): Promise<void> {
    if (req.method === 'OPTIONS') return writePreflight(res, route, isVersioned(route) ? [...echo, ...deprecation] : echo);
    let common: readonly string[] | undefined = echo.concat(headersOf(route));
    if (route.bucket) {
      common = await guard(req, res, route as Route & { bucket: RateLimitBucketName }, common, requestId);
      if (!common) return;
    }
    if (!allowsMethod(route, req.method)) return writeMethodNotAllowed(req, res, route, target.path, common, requestId);
    await handlers[route.handler as AppHandlerId](req, res, { ...target, route, param, common, echo, requestId });
  }

  function fail(req: IncomingMessage, res: ServerResponse, target: RequestTarget, route: Route, echo: readonly string[], requestId: string, err: unknown): void {
    const reply = toErrorReply(err, { method: req.method, path: target.path, requestId });
    if (res.headersSent) res.destroy();
    else if (route.handler !== 'files') writeReply(req, res, reply, [...echo, ...JSON_HEADERS]);
    else {
      res.writeHead(500, [...echo, 'Content-Type', 'text/plain; charset=utf-8', ...CACHE_HEADERS.none]);
      res.end('Internal server error\n');
    }
  }

  return {
    handle(req, res, target, match, echo, requestId) {
      answer(req, res, target, match, echo, requestId).catch((err: unknown) => fail(req, res, target, match.route, echo, requestId, err));
    },
  };
}
