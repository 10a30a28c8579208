import type { Redis } from 'ioredis';
import { logNow } from '../observe/log.ts';
import { registerRateLimitRedis } from '../observe/metric-sources.ts';

/**
 * Connects to the shared rate-limit store. Commands fail fast while the connection is down
 * (no offline queue, short timeouts) so the limiter's in-memory insurance answers instead of
 * requests waiting on Redis. Logs once when Redis becomes unavailable and once when it is
 * back; ioredis keeps reconnecting in between.
 */
export async function createRedisClient(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: 300,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  registerRateLimitRedis(client); // ops: /metrics reads client.status at scrape time
  const where = redactUrl(url);
  let up: boolean | undefined;
  client.on('ready', () => {
    if (up !== true) logNow({ msg: up === false ? 'redis recovered: rate limits are shared again' : 'redis connected', redis: where });
    up = true;
  });
  client.on('error', (err: Error) => {
    if (up === false) return;
    up = false;
    logNow({ msg: 'redis unavailable: rate limits fall back to per-instance memory', redis: where, error: err.message });
  });
  client.on('end', () => {
    if (up === true) logNow({ msg: 'redis connection closed', redis: where });
  });
  return client;
}

/** The address without credentials, for logs. */
function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
