import { RATE_LIMIT_HEADERS } from '../../core/header-names.ts';
import type { RateLimitState } from './rate-limit.ts';
import { WINDOW_SECONDS } from './rate-limit.ts';

/** `RateLimit-Policy` of a bucket: `<limit>;w=<window seconds>` (an RFC 8941 item). */
export function formatPolicy(limit: number): string {
  return `${limit};w=${WINDOW_SECONDS}`;
}

/** Whole seconds until the window resets, never 0 while a window is open. */
export function secondsToReset(state: RateLimitState): number {
  return Math.max(Math.ceil(state.resetMs / 1000), 1);
}

/**
 * The rate-limit fields of draft-ietf-httpapi-ratelimit-headers-07 plus the widespread
 * X-RateLimit-* trio, whose Reset is the Unix time of the reset (as GitHub's is).
 */
export function buildRateLimitHeaders(state: RateLimitState, policy: string): string[] {
  const reset = secondsToReset(state);
  const remaining = String(state.remaining);
  const limit = String(state.limit);
  const [policyName, stateName, limitName, remainingName, resetName] = RATE_LIMIT_HEADERS;
  return [
    policyName, policy,
    stateName, `limit=${limit}, remaining=${remaining}, reset=${reset}`,
    limitName, limit,
    remainingName, remaining,
    resetName, String(Math.ceil((Date.now() + state.resetMs) / 1000)),
  ];
}
