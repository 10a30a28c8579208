import { getRateLimitKey } from '../http/rate-limit-key.ts';
import type { RateLimitState } from '../http/rate-limit.ts';
import { createFetchHandler, type FetchHandler } from './create-fetch-handler.ts';

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

let handler: FetchHandler | undefined;

/**
 * The function on workerd (Cloudflare Workers with Static Assets): the static half is the
 * ASSETS binding, the data comes from it once per isolate, the per-IP limits are the
 * platform's rate-limiting bindings keyed by CF-Connecting-IP (IPv6 by its /64).
 */
export default {
  fetch(request: Request, env: Env): Promise<Response> {
    handler ??= createFetchHandler({
      source: {
        where: 'the static half (ASSETS)',
        async read(path) {
          const answer = await env.ASSETS.fetch(new Request(ASSET_ORIGIN + path));
          return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
        },
      },
      env: readVariables(env),
      limit(bucket, req) {
        const key = getRateLimitKey(req.headers.get('cf-connecting-ip') ?? '127.0.0.1');
        const limits = { rest: Number(env.REST_RATE_LIMIT ?? 120), mcp: Number(env.MCP_RATE_LIMIT ?? 60) };
        return consume(bucket === 'rest' ? env.REST_LIMITER : env.MCP_LIMITER, limits[bucket], key);
      },
      staticHalf(req, path) {
        if (path === new URL(req.url).pathname) return env.ASSETS.fetch(req);
        return env.ASSETS.fetch(new Request(new URL(path, req.url), { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers: req.headers }));
      },
      report(entry) {
        const error = entry.error instanceof Error ? entry.error.stack : String(entry.error);
        console.error(JSON.stringify({ ...entry, error }));
      },
    });
    return handler.fetch(request);
  },
};
