import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Config } from '../schemas/config.ts';
import { getRateLimitKey } from '../http/rate-limit-key.ts';
import { type RateLimitBucket } from '../http/rate-limit.ts';
import type { RateLimitBucketName } from '../contracts/routes/route-table.ts';
import { createAstroAppPage } from '../function/astro-app-page.ts';
import { createFetchHandler, type FetchHandler } from '../function/create-fetch-handler.ts';
import { readIncoming, refuseProblem, toWebRequest, writeWebResponse } from '../function/node-adapter.ts';
import { createClientIpReader } from './http/client-ip.ts';
import { compress } from './http/compress.ts';
import { createBucket } from './http/rate-limit.ts';
import { createRedisClient } from './http/redis-client.ts';
import type { LoadedBuild } from './lifecycle/load-build.ts';
import { logUnexpected } from './observe/log.ts';
import { takeSearchNote } from './observe/search-notes.ts';
import { registerCache } from './observe/metric-sources.ts';
import { createStaticHalf } from './pages/static-half.ts';
import { createSocialImageDrawer } from './pages/draw-social-image.ts';
import type { StaticHalf } from '../function/answer-pages.ts';
import type { RewriterClass } from '../function/html-rewrite.ts';

/** One build's request handler. A new build gets a new App; the process keeps its Shared parts. */
export interface App {
  /**
   * Answers a request through the pipeline; `echo` holds header pairs every answer must carry
   * (its X-Request-Id, `requestId`, among them).
   */
  handle(req: IncomingMessage, res: ServerResponse, echo: readonly string[], requestId: string): void;
  /** The pipeline itself, for runtimes and tests that hold a Web Request. */
  handler: FetchHandler;
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

/** The last guard: logs what the pipeline let through, and answers a bare 500 (or closes, after the head). */
function failRequest(res: ServerResponse, echo: readonly string[], requestId: string, err: unknown): void {
  logUnexpected({ msg: 'unexpected error', path: res.req.url ?? '', requestId, error: err });
  if (res.headersSent) return void res.destroy();
  res.writeHead(500, [...echo, 'Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'no-store']);
  res.end('Internal server error\n');
}

/** Writes the pipeline's answer, the search note kept for the access line; a failure goes to failRequest. */
function writeAnswer(res: ServerResponse, response: Response, echo: readonly string[], requestId: string): void {
  try {
    writeWebResponse(res, takeSearchNote(res, response))?.catch((err: unknown) => failRequest(res, echo, requestId, err));
  } catch (err) {
    failRequest(res, echo, requestId, err);
  }
}

/** What differs on the Node function: its static half (STATIC_ORIGIN, or none) and an HTML rewriter for pages without the Astro app. */
export interface AppOptions {
  staticHalf?: (build: LoadedBuild, config: Config) => StaticHalf;
  rewriter?: RewriterClass;
}

/**
 * One build's app on the origin: the one pipeline (src/function/create-fetch-handler.ts) over
 * this build, with what a long-lived Node process adds: the static half from memory
 * (static-half.ts), the per-IP buckets (Redis or memory), the cache metrics, compression with
 * node:zlib and the on-demand pages through the build's Astro app. The Node adapter writes
 * its answers (light ones straight to the socket) and refuses what cannot be a Web Request.
 */
export function createApp(serveConfig: Config, build: LoadedBuild, shared: Shared, options: AppOptions = {}): App {
  // SITE_URL is the build's (load-build refused a different one): CSP, messages and MCP name it.
  const config: Config = { ...serveConfig, SITE_URL: build.siteUrl };
  const clientIp = createClientIpReader(config.TRUST_PROXY);
  const handler = createFetchHandler({
    data: { catalog: build.catalog, siteUrl: build.siteUrl, builtAt: build.builtAt },
    // The build's data files, which the tail's answers read (its palettes).
    source: { where: build.clientDir, read: (path) => readFile(join(build.clientDir, path)).catch(() => undefined) },
    drawSocialImage: createSocialImageDrawer(),
    config,
    limit(bucket, request) {
      const req = readIncoming(request);
      return shared.buckets[bucket].consume(req ? getRateLimitKey(clientIp(req)) : 'unknown');
    },
    staticHalf: (options.staticHalf ?? createStaticHalf)(build, config),
    ...(options.rewriter ? { rewriter: options.rewriter } : {}),
    astroPage: build.serverEntry ? createAstroAppPage(build.serverEntry) : undefined,
    compress,
    registerCache,
    report: logUnexpected,
  });

  return {
    handler,
    handle(req, res, echo, requestId) {
      try {
        const request = toWebRequest(req);
        const answer = 'problem' in request ? refuseProblem(request) : handler.answer(request, { requestId, echo });
        // An answer made without waiting (a file in memory) is written now, with no promise or closure made.
        if (!(answer instanceof Promise)) return writeAnswer(res, answer, echo, requestId);
        void answer.then((response) => writeAnswer(res, response, echo, requestId), (err: unknown) => failRequest(res, echo, requestId, err));
      } catch (err) {
        failRequest(res, echo, requestId, err);
      }
    },
  };
}

