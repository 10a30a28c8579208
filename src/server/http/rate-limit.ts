import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { WINDOW_SECONDS, type RateLimitBucket, type RateLimitState } from '../../http/rate-limit.ts';
import { logNow } from '../observe/log.ts';

function toState(limit: number, res: RateLimiterRes, allowed: boolean): RateLimitState {
  return { limit, remaining: allowed ? res.remainingPoints : 0, resetMs: Math.max(res.msBeforeNext, 0), allowed };
}

/**
 * A bucket of `limit` requests per window. With a Redis client the count is shared by every
 * instance; `insuranceLimiter` (the library's fallback) takes over per instance whenever a
 * Redis command fails, so an outage lowers accuracy but never fails a request.
 */
export function createBucket(name: string, limit: number, redis?: Redis): RateLimitBucket {
  const opts = { keyPrefix: `rl:${name}`, points: limit, duration: WINDOW_SECONDS };
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(opts) })
    : new RateLimiterMemory(opts);
  let warned = false;
  return {
    limit,
    async consume(key) {
      try {
        return toState(limit, await limiter.consume(key), true);
      } catch (err) {
        if (err instanceof RateLimiterRes) return toState(limit, err, false);
        // Not a verdict but a limiter failure: let the request through rather than fail it.
        if (!warned) logNow({ msg: 'rate limiter failed; request allowed', bucket: name, error: String(err) });
        warned = true;
        return { limit, remaining: limit, resetMs: WINDOW_SECONDS * 1000, allowed: true };
      }
    },
  };
}
