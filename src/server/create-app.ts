import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../core/api-error.ts';
import type { Config } from '../schemas/config.ts';
import { writeReply } from './http/api-reply.ts';
import { createAstroPages } from './pages/astro-pages.ts';
import { getClientIp, getRateLimitKey } from './http/client-ip.ts';
import { CORS_HEADERS } from './http/cors.ts';
import { writeHealth } from './ops/healthz.ts';
import type { LoadedBuild } from './ops/load-build.ts';
import { createMcpRoute } from './mcp-route.ts';
import { holdHtmlForCsp } from './pages/on-demand-csp.ts';
import { createPages } from './pages/pages.ts';
import { createBucket, type RateLimitBucket } from './http/rate-limit.ts';
import { createRedisClient } from './http/redis-client.ts';
import { createRestApi } from './api/rest-api.ts';
import { buildPageSecurityHeaders, createCspBuilder } from './http/security-headers.ts';
import { toErrorReply } from './http/send-error.ts';
import { createStaticFiles } from './pages/static-files.ts';

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
 * RFC 9112 §3.2.2: a server must accept a request target in absolute form
 * (`GET http://host/path`). Everything downstream (sirv, Astro) reads origin form.
 */
function toOriginForm(url: string): string {
  const authority = /^https?:\/\/[^/?#]*/i.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function splitUrl(url: string): [path: string, search: string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q)];
}

/**
 * Wires the service: /healthz, /api/mcp, /api/v1 (REST), other /api paths (404 JSON), then
 * pages (static files, on-demand Astro pages, the 404 page). Each step answers or passes on;
 * anything thrown reaches one handler that never leaks a stack trace.
 */
export function createApp(config: Config, build: LoadedBuild, shared: Shared): App {
  const { catalog } = build;
  const rest = createRestApi(catalog, config, shared.rest);
  const mcp = createMcpRoute(catalog, config, shared.mcp);
  const buildCsp = createCspBuilder(config);
  const files = createStaticFiles(build.clientDir, buildCsp);
  const onDemandHeaders = [...buildPageSecurityHeaders(buildCsp(undefined)), 'Vary', 'Accept'];
  const pages = createPages(files, createAstroPages(build.serverEntry, { catalog, config }), (res) => {
    for (let i = 0; i < onDemandHeaders.length; i += 2) res.setHeader(onDemandHeaders[i]!, onDemandHeaders[i + 1]!);
    return holdHtmlForCsp(res, buildCsp);
  });

  async function dispatch(req: IncomingMessage, res: ServerResponse, path: string, search: string, ip: string): Promise<void> {
    if (path === '/healthz') return writeHealth(res, catalog.templates.length);
    if (isApiPath(path)) {
      if (path.startsWith('/api/v1/') || path === '/api/v1') return rest(req, res, path, search, getRateLimitKey(ip));
      if (path === '/api/mcp') return mcp(req, res, getRateLimitKey(ip));
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
      const [path, search] = splitUrl(req.url ?? '/');
      const ip = getClientIp(req, config.TRUST_PROXY);
      dispatch(req, res, path, search, ip).catch((err: unknown) => fail(req, res, path, err));
    },
  };
}
