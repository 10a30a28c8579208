import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../core/api-error.ts';
import type { Config } from '../schemas/config.ts';
import { writeReply } from './http/api-reply.ts';
import { createAstroPages } from './pages/astro-pages.ts';
import { getClientIp, getRateLimitKey } from './http/client-ip.ts';
import { CORS_HEADERS } from './http/cors.ts';
import { writeHealth } from './lifecycle/probes.ts';
import type { LoadedBuild } from './lifecycle/load-build.ts';
import { createMcpRoute } from './mcp/mcp-route.ts';
import { MCP_PATH, MCP_SERVER_CARD_PATH } from '../contracts/mcp/server-info.ts';
import { holdOnDemandAnswer } from './pages/hold-on-demand.ts';
import { createPages } from './pages/pages.ts';
import { createBucket, type RateLimitBucket } from './http/rate-limit.ts';
import { createRedisClient } from './http/redis-client.ts';
import { createRestApi, REST_METHODS } from './api/rest-api.ts';
import { buildDeprecationHeaders } from './api/deprecation.ts';
import { guardApi } from './http/api-guard.ts';
import { splitUrl, toOriginForm } from './http/request-target.ts';
import { buildPageSecurityHeaders, createCspBuilder } from './http/security-headers.ts';
import { toErrorReply } from './http/send-error.ts';
import { createStaticFiles } from './pages/static-files.ts';
import { SERVER_CARD_ALLOW, createServerCardRoute } from './pages/server-card-route.ts';

/** One build's request handler. A new build gets a new App; the process keeps its Shared parts. */
export interface App {
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** What outlives any one build: the rate-limit buckets and their Redis connection. */
export interface Shared {
  rest: RateLimitBucket;
  mcp: RateLimitBucket;
  close(): Promise<void>;
}

/** Connects the rate-limit store once per process (Redis when `REDIS_URL` is set, else memory). */
export async function createShared(config: Config): Promise<Shared> {
  const redis = config.REDIS_URL ? await createRedisClient(config.REDIS_URL) : undefined;
  return {
    rest: createBucket('rest', config.REST_RATE_LIMIT, redis),
    mcp: createBucket('mcp', config.MCP_RATE_LIMIT, redis),
    async close() {
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}

const API_HEADERS = [...CORS_HEADERS, 'X-Content-Type-Options', 'nosniff'];

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Wires the service: /healthz, /api/mcp, /api/v1 (REST), other /api paths (404 JSON), then
 * pages (static files, on-demand Astro pages, the 404 page). Each step answers or passes on;
 * anything thrown reaches one handler that never leaks a stack trace.
 */
export function createApp(serveConfig: Config, build: LoadedBuild, shared: Shared): App {
  // SITE_URL is the build's (load-build refused a different one): CSP, messages and MCP name it.
  const config: Config = { ...serveConfig, SITE_URL: build.siteUrl };
  const { catalog } = build;
  const clientKey = (req: IncomingMessage) => getRateLimitKey(getClientIp(req, config.TRUST_PROXY));
  // One guard (preflight, CORS, rate limit) by path prefix: REST and MCP, each with its own bucket.
  const rest = guardApi({ allow: REST_METHODS, bucket: shared.rest, clientKey, what: 'requests', extra: buildDeprecationHeaders(config) }, createRestApi(catalog, config));
  const mcpRoute = createMcpRoute(catalog, config);
  const mcp = guardApi({ allow: 'POST, OPTIONS', bucket: shared.mcp, clientKey, what: 'MCP requests' }, mcpRoute);
  const buildCsp = createCspBuilder(config);
  const files = createStaticFiles(build.clientDir, buildCsp);
  const mcpCard = guardApi({ allow: SERVER_CARD_ALLOW, bucket: shared.mcp, clientKey, what: 'MCP requests' }, createServerCardRoute(files));
  const onDemandHeaders = [...buildPageSecurityHeaders(buildCsp(undefined)), ...CORS_HEADERS, 'Vary', 'Accept'];
  const pages = createPages(files, createAstroPages(build.serverEntry, { catalog, config }), (req, res) => {
    for (let i = 0; i < onDemandHeaders.length; i += 2) res.setHeader(onDemandHeaders[i]!, onDemandHeaders[i + 1]!);
    return holdOnDemandAnswer(req, res, buildCsp);
  });

  async function dispatch(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === '/healthz') return writeHealth(req, res, catalog.templates.length);
    if (isApiPath(path)) {
      if (path.startsWith('/api/v1/') || path === '/api/v1') return rest(req, res);
      if (path === MCP_PATH) return mcp(req, res);
      if (path === MCP_SERVER_CARD_PATH) return mcpCard(req, res);
      const err = new ApiError('not_found', `No API endpoint at ${path.slice(0, 200)}. The REST API is under /api/v1 (see ${config.SITE_URL}/openapi.json) and MCP is at /api/mcp.`);
      return writeReply(req, res, toErrorReply(err, { path }), API_HEADERS);
    }
    return pages(req, res, path);
  }

  function fail(req: IncomingMessage, res: ServerResponse, path: string, err: unknown): void {
    const reply = toErrorReply(err, { method: req.method, path });
    if (res.headersSent) res.destroy();
    else if (isApiPath(path)) writeReply(req, res, reply, API_HEADERS);
    else {
      res.writeHead(500, ['Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'no-store']);
      res.end('Internal server error\n');
    }
  }

  return {
    handle(req, res) {
      if (req.url && req.url[0] !== '/') req.url = toOriginForm(req.url);
      const [path] = splitUrl(req.url ?? '/');
      dispatch(req, res, path).catch((err: unknown) => fail(req, res, path, err));
    },
  };
}
