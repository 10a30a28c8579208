import { createServer } from 'node:http';
import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { readConfig } from '../config/read-config.ts';
import { getRateLimitKey } from '../http/rate-limit-key.ts';
import { createClientIpReader } from '../server/http/client-ip.ts';
import { createBucket } from '../server/http/rate-limit.ts';
import { createRedisClient } from '../server/http/redis-client.ts';
import { WasmHtmlRewriter } from './wasm-rewriter.ts';
import { createFetchHandler } from './create-fetch-handler.ts';
import { createNodeAstroPage } from '../server/pages/astro-request.ts';
import { createSocialImageDrawer } from '../server/pages/draw-social-image.ts';
import { toWebRequest, writeWebResponse } from './node-adapter.ts';

/**
 * `npm run function`: the function on Node, over the data files of DIST_DIR alone
 * (client/data/catalog.json, its shards and search-index.bin: a function-only instance needs no
 * other file). STATIC_ORIGIN is the static half's base URL (nginx in front): the Markdown twins
 * and the pages /search and /studio fill are fetched from it (the build's server entry, when
 * DIST_DIR holds it, renders those two as the origin does). Per-IP limits are the origin's buckets, keyed as the
 * origin keys them (TRUST_PROXY, IPv6 by /64): shared through Redis when REDIS_URL is set (with
 * the origin's fallback to per-process memory while it is down), else per process.
 */
const log = (entry: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);

function readStaticOrigin(): string | undefined {
  const given = process.env.STATIC_ORIGIN?.trim();
  if (!given) return undefined;
  try {
    return new URL(given).origin;
  } catch {
    throw new Error(`Invalid configuration:\n  STATIC_ORIGIN: must be the static half's base URL (http://host:port), got "${given.slice(0, 100)}"`);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const staticOrigin = readStaticOrigin();
  const distDir = await realpath(config.DIST_DIR).catch(() => config.DIST_DIR);
  const dataDir = join(distDir, 'client');
  const clientIp = createClientIpReader(config.TRUST_PROXY);
  const keys = new WeakMap<Request, string>();
  const redis = config.REDIS_URL ? await createRedisClient(config.REDIS_URL) : undefined;
  const buckets = { rest: createBucket('rest', config.REST_RATE_LIMIT, redis), mcp: createBucket('mcp', config.MCP_RATE_LIMIT, redis) };
  const handler = createFetchHandler({
    source: { where: dataDir, read: (path) => readFile(join(dataDir, path)).catch(() => undefined) },
    env: process.env,
    limit: (bucket, request) => buckets[bucket].consume(keys.get(request) ?? 'unknown'),
    astroPage: createNodeAstroPage(join(distDir, 'server', 'entry.mjs')),
    drawSocialImage: createSocialImageDrawer(),
    // Without the server entry, /search and /studio fill the static half's pages as on workerd.
    rewriter: WasmHtmlRewriter,
    async staticHalf(request, path) {
      if (!staticOrigin) return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
      const headers = new Headers(request.headers);
      headers.delete('host');
      // fetch() decodes a compressed body but keeps its Content-Encoding: ask for identity bytes,
      // which the answer then describes truly (the proxy in front compresses for the client).
      headers.set('accept-encoding', 'identity');
      // The file itself, not a negotiation: nginx hands a page asked as Markdown back here.
      headers.set('accept', '*/*');
      const answer = await fetch(staticOrigin + path, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers, redirect: 'manual' });
      const passed = new Headers(answer.headers);
      if (passed.has('content-encoding')) for (const name of ['content-encoding', 'content-length']) passed.delete(name);
      return new Response(answer.body, { status: answer.status, headers: passed });
    },
    report: (entry) => log({ level: 'error', ...entry, error: entry.error instanceof Error ? entry.error.stack : String(entry.error) }),
  });
  const t0 = performance.now();
  await handler.ready();
  const server = createServer((req, res) => {
    const request = toWebRequest(req);
    keys.set(request, getRateLimitKey(clientIp(req)));
    handler.fetch(request).then((response) => writeWebResponse(res, response)).catch(() => res.destroy());
  });
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    log({ msg: 'listening', url: `http://${config.HOST}:${port}`, loadMs: Math.round(performance.now() - t0), dataDir, rateLimits: redis ? 'shared' : 'memory' });
  });
  const stop = () =>
    server.close(async () => {
      await redis?.quit().catch(() => redis.disconnect());
      process.exit(0);
    });
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
