import { isCompressedSibling } from '../contracts/published/compressed-siblings.ts';
import { isPackedDataPath, PACKED_DATA_SUFFIX } from '../contracts/published/function-data-files.ts';
import { getRateLimitKey } from '../http/rate-limit-key.ts';
import type { RateLimitState } from '../http/rate-limit.ts';
import { createFetchHandler, type FetchHandler } from './create-fetch-handler.ts';
import { removeHeader, toNativeResponse } from './light-response.ts';
import { SEARCH_NOTE } from '../core/header-names.ts';

/** The static half as workerd binds it (Workers Static Assets). */
interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

/** Cloudflare's rate-limiting binding: it only says whether the key is within its limit. */
interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** What deploy/cloudflare/wrangler.jsonc binds, plus the configuration variables. */
interface Env {
  ASSETS: AssetsBinding;
  REST_LIMITER: RateLimitBinding;
  MCP_LIMITER: RateLimitBinding;
  [variable: string]: unknown;
}

// Any host name does: the binding reads only the path.
const ASSET_ORIGIN = 'https://assets.invalid';

/** The string variables of the environment (the bindings are objects). */
const readVariables = (env: Env) => Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<string, string>;

/**
 * A yes/no verdict as a state: the binding counts `limit` requests per 60 s per key and tells
 * nothing else, so an allowed answer carries the policy and limit only and a refusal says 0
 * remaining and the whole window as the wait (an upper bound: the binding's window may end sooner).
 */
async function consume(binding: RateLimitBinding, limit: number, key: string): Promise<RateLimitState> {
  const { success } = await binding.limit({ key });
  return success ? { limit, allowed: true } : { limit, allowed: false, remaining: 0 };
}

/**
 * A data file through the binding: a shard or the index as its packed (gzip) copy, unpacked
 * here, which cuts the bytes read at a cold start tenfold; the file itself where the upload has
 * no packed copy (made without them) or the copy does not unpack.
 */
async function readData(assets: AssetsBinding, path: string): Promise<Uint8Array | undefined> {
  if (isPackedDataPath(path)) {
    const packed = await assets.fetch(new Request(ASSET_ORIGIN + path + PACKED_DATA_SUFFIX));
    if (packed.ok && packed.body) {
      const unpacked = await new Response(packed.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer().catch(() => undefined);
      if (unpacked) return new Uint8Array(unpacked);
    }
  }
  const answer = await assets.fetch(new Request(ASSET_ORIGIN + path));
  return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
}

/** The static half's 404 for a sibling: the upload keeps the packed data for readData, but a sibling is never an address. */
const NO_SIBLING = () => new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

let handler: FetchHandler | undefined;
let prepared = false;

/** What workerd gives a request besides the environment: work that may go on after the answer. */
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * The function on workerd (Cloudflare Workers with Static Assets): the static half is the
 * ASSETS binding, the data comes from it once per isolate, the per-IP limits are the
 * platform's rate-limiting bindings keyed by CF-Connecting-IP (IPv6 by its /64).
 */
export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    handler ??= createFetchHandler({
      source: {
        where: 'the static half (ASSETS)',
        read: (path) => readData(env.ASSETS, path),
      },
      env: readVariables(env),
      limit(bucket, req) {
        const key = getRateLimitKey(req.headers.get('cf-connecting-ip') ?? '127.0.0.1');
        const limits = { rest: Number(env.REST_RATE_LIMIT ?? 120), mcp: Number(env.MCP_RATE_LIMIT ?? 60) };
        return consume(bucket === 'rest' ? env.REST_LIMITER : env.MCP_LIMITER, limits[bucket], key);
      },
      staticHalf(req, path) {
        if (isCompressedSibling(path)) return Promise.resolve(NO_SIBLING());
        if (path === new URL(req.url).pathname) return env.ASSETS.fetch(req);
        return env.ASSETS.fetch(new Request(new URL(path, req.url), { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers: req.headers }));
      },
      report(entry) {
        const error = entry.error instanceof Error ? entry.error.stack : String(entry.error);
        console.error(JSON.stringify({ ...entry, error }));
      },
    });
    // workerd keeps no access log for a search's note to feed: it is dropped, never sent.
    const answer = handler.fetch(request).then((response) => toNativeResponse(removeHeader(response, SEARCH_NOTE)));
    // The first answer goes out without the search's lookups unless it needed them; they are built right after it.
    if (!prepared) {
      prepared = true;
      const ready = handler.ready;
      ctx.waitUntil(answer.then(ready).catch(() => (prepared = false)));
    }
    return answer;
  },
};
