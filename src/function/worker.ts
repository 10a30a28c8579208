import { isCompressedSibling } from '../contracts/published/compressed-siblings.ts';
import { getRateLimitKey } from '../http/rate-limit-key.ts';
import type { RateLimitState } from '../http/rate-limit.ts';
import { createFetchHandler, type FetchHandler } from './create-fetch-handler.ts';
import { removeHeader, toNativeResponse } from './light-response.ts';
import { SEARCH_NOTE } from '../core/header-names.ts';
import { readAssetsData, type AssetsBinding } from './read-assets-data.ts';
import { createTailRendererClient, type TailRendererBinding } from './tail-renderer-client.ts';

/** Cloudflare's rate-limiting binding: it only says whether the key is within its limit. */
interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** What deploy/cloudflare/wrangler.jsonc binds, plus the configuration variables. */
interface Env {
  ASSETS: AssetsBinding;
  REST_LIMITER: RateLimitBinding;
  MCP_LIMITER: RateLimitBinding;
  /** The tail renderer (deploy/cloudflare/tail-renderer.wrangler.jsonc): without it, the tail's pages and social images are not answered. */
  TAIL_RENDERER?: TailRendererBinding;
  [variable: string]: unknown;
}

/** The string variables of the environment (the bindings are objects). */
const readVariables = (env: Env) => Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<string, string>;

/** The tail's page and social image from the tail renderer, where it is bound. */
function askTailRenderer(env: Env) {
  if (!env.TAIL_RENDERER) return {};
  const client = createTailRendererClient(env.TAIL_RENDERER, readVariables(env));
  return { renderTailPage: client.renderPage, drawSocialImage: client.drawSocialImage };
}

/**
 * A yes/no verdict as a state: the binding counts `limit` requests per 60 s per key and tells
 * nothing else, so an allowed answer carries the policy and limit only and a refusal says 0
 * remaining and the whole window as the wait (an upper bound: the binding's window may end sooner).
 */
async function consume(binding: RateLimitBinding, limit: number, key: string): Promise<RateLimitState> {
  const { success } = await binding.limit({ key });
  return success ? { limit, allowed: true } : { limit, allowed: false, remaining: 0 };
}

/** The static half's 404 for a sibling: the upload keeps the packed data for readData, but a sibling is never an address. */
const NO_SIBLING = () => new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * How long the whole load waits after the first answer. Under wrangler dev at 100,000 templates,
 * a load begun at once held back the delivery of the early answer it followed by the whole
 * load (~3.5 s) in about 1 start of 4; after a pause of 50 ms still 1 of 8 slow; after 500 ms,
 * none of 20. A request waiting on that load under wrangler dev still got no answer in 30 s in
 * 2 starts of 14; on workerd serve alone, in none of 18 (docs/scale.md).
 * Requests that come meanwhile are answered early where they can be, or begin the load themselves.
 */
const LOAD_PAUSE_MS = 500;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, LOAD_PAUSE_MS));

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
        read: (path) => readAssetsData(env.ASSETS, path),
      },
      env: readVariables(env),
      ...askTailRenderer(env),
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
    // The first answer goes out without the whole catalog or the search's lookups unless it needed
    // them; they are loaded and built after it, once it has had LOAD_PAUSE_MS to go out.
    if (!prepared) {
      prepared = true;
      const ready = handler.ready;
      ctx.waitUntil(answer.then(pause).then(ready).catch(() => (prepared = false)));
    }
    return answer;
  },
};
