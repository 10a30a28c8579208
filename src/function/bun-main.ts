import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SEARCH_NOTE } from '../core/header-names.ts';
import { getRateLimitKey } from '../http/rate-limit-key.ts';
import { compress } from '../server/http/compress.ts';
import { createBucket } from '../server/http/rate-limit.ts';
import { createFetchHandler } from './create-fetch-handler.ts';
import { fetchStaticHalf } from './fetch-static-half.ts';
import { removeHeader, toNativeResponse } from './light-response.ts';
import { createNoStaticHalf } from './no-static-half.ts';

/** The part of Bun's global this file uses (no @types/bun in the project). */
declare const Bun: {
  serve(options: { port: number; hostname: string; fetch(request: Request, server: { requestIP(request: Request): { address: string } | null }): Promise<Response> }): { port: number };
};

/**
 * The function on Bun (`bun src/function/bun-main.ts`): the one pipeline behind Bun.serve, over
 * the data files of DIST_DIR (client/data) as `npm run function` reads them, with per-IP limits
 * in memory, node:zlib's compression, Bun's own HTMLRewriter for /search and /studio, and
 * STATIC_ORIGIN as the static half (else the explaining 404s). No access log, no publish switch
 * (restart for a new build), no Redis: what the Node service adds (start-service.ts).
 */
const env = process.env;
const client = join(env.DIST_DIR ?? 'dist', 'client');
const buckets = { rest: createBucket('rest', Number(env.REST_RATE_LIMIT ?? 120)), mcp: createBucket('mcp', Number(env.MCP_RATE_LIMIT ?? 60)) };
const clientIps = new WeakMap<Request, string>();
const handler = createFetchHandler({
  source: { where: client, read: (path) => readFile(join(client, path)).then((bytes) => new Uint8Array(bytes), () => undefined) },
  env,
  limit: (bucket, request) => buckets[bucket].consume(getRateLimitKey(clientIps.get(request) ?? '127.0.0.1')),
  staticHalf: env.STATIC_ORIGIN ? fetchStaticHalf(new URL(env.STATIC_ORIGIN).origin) : createNoStaticHalf(''),
  compress,
  report: (entry) => console.error(JSON.stringify({ ...entry, error: entry.error instanceof Error ? entry.error.stack : String(entry.error) })),
});
await handler.ready();
const server = Bun.serve({
  port: Number(env.PORT ?? 4321),
  hostname: env.HOST ?? '127.0.0.1',
  fetch(request, bun) {
    clientIps.set(request, bun.requestIP(request)?.address ?? '127.0.0.1');
    // No access log here for a search's note to feed: dropped, as on workerd.
    return handler.fetch(request).then((response) => toNativeResponse(removeHeader(response, SEARCH_NOTE)));
  },
});
console.log(JSON.stringify({ msg: 'listening', url: `http://${env.HOST ?? '127.0.0.1'}:${server.port}`, data: client, pages: env.STATIC_ORIGIN ?? 'none (set STATIC_ORIGIN)' }));
