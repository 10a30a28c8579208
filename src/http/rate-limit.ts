import { ApiError } from '../core/api-error.ts';
import { RATE_LIMIT_HEADERS } from '../core/header-names.ts';
import type { RateLimitBucketName } from '../contracts/routes/route-table.ts';

/** Every limit counts requests per this window. */
export const WINDOW_SECONDS = 60;

/**
 * Where one request stands against its bucket. A counter of our own knows everything; a
 * platform limiter that only says yes or no (Cloudflare's binding) knows neither `remaining`
 * nor `resetMs`, and the headers then say only what is known (see buildRateLimitHeaders).
 */
export interface RateLimitState {
  limit: number;
  allowed: boolean;
  remaining?: number;
  /** Milliseconds until the window resets. */
  resetMs?: number;
}

/** One named bucket: REST and MCP each have their own. */
export interface RateLimitBucket {
  limit: number;
  /** Counts one request for the key (a client address) and says whether it may proceed. */
  consume(key: string): Promise<RateLimitState>;
}

/** `RateLimit-Policy` of a bucket: `<limit>;w=<window seconds>` (an RFC 8941 item). */
export function formatPolicy(limit: number): string {
  return `${limit};w=${WINDOW_SECONDS}`;
}

/** Whole seconds until the window resets, never 0 while a window is open; the whole window when unknown. */
export function secondsToReset(state: RateLimitState): number {
  return state.resetMs === undefined ? WINDOW_SECONDS : Math.max(Math.ceil(state.resetMs / 1000), 1);
}

/**
 * The rate-limit fields of draft-ietf-httpapi-ratelimit-headers-07 plus the widespread
 * X-RateLimit-* trio, whose Reset is the Unix time of the reset (as GitHub's is). A state
 * without `remaining` (a yes/no limiter) gets the policy and the limit only: inventing a
 * remaining count would mislead a client that paces itself by it.
 */
export function buildRateLimitHeaders(state: RateLimitState, policy: string): string[] {
  const [policyName, stateName, limitName, remainingName, resetName] = RATE_LIMIT_HEADERS;
  const limit = String(state.limit);
  if (state.remaining === undefined) return [policyName, policy, limitName, limit];
  const reset = secondsToReset(state);
  const remaining = String(state.remaining);
  return [
    policyName, policy,
    stateName, `limit=${limit}, remaining=${remaining}, reset=${reset}`,
    limitName, limit,
    remainingName, remaining,
    resetName, String(Math.ceil((Date.now() + (state.resetMs ?? WINDOW_SECONDS * 1000)) / 1000)),
  ];
}

/** The rate-limit header pairs among `pairs` (for answers that bring their own CORS and security headers: pages). */
export function pickRateLimitHeaders(pairs: readonly string[]): string[] {
  const picked: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) if ((RATE_LIMIT_HEADERS as readonly string[]).includes(pairs[i]!)) picked.push(pairs[i]!, pairs[i + 1]!);
  return picked;
}

/** What a 429 of each bucket says was too many. */
const COUNTED: Record<RateLimitBucketName, string> = { rest: 'requests', mcp: 'MCP requests' };

/** The 429 `rate_limited` of a bucket, with the seconds to wait (Retry-After). */
export function createRateLimited(bucket: RateLimitBucketName, state: RateLimitState): ApiError {
  const wait = secondsToReset(state);
  return new ApiError('rate_limited', `Too many ${COUNTED[bucket]}: the limit is ${state.limit} per minute per client. Retry in ${wait} s.`, wait);
}
