import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRedisInstalled, startRedis, type TestRedis } from '../../scripts/lib/redis-server.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

let redis: TestRedis;
let a: RunningServer;
let b: RunningServer;

async function waitForLog(server: RunningServer, pattern: RegExp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.logs.some((l) => pattern.test(String(l.msg)))) {
    if (Date.now() > deadline) throw new Error(`no log matching ${pattern}: ${JSON.stringify(server.logs)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const hit = async (server: RunningServer) => {
  const res = await fetch(`${server.url}/api/v1/templates?limit=1`);
  return { status: res.status, remaining: Number(res.headers.get('x-ratelimit-remaining')) };
};

beforeAll(async () => {
  assertRedisInstalled();
  redis = await startRedis();
  const env = { REDIS_URL: redis.url, REST_RATE_LIMIT: '6' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  await Promise.all([waitForLog(a, /^redis connected/), waitForLog(b, /^redis connected/)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

describe('rate limits shared through Redis', () => {
  it('counts the requests of one client on every instance against one limit', async () => {
    expect(await hit(a)).toEqual({ status: 200, remaining: 5 });
    expect(await hit(b)).toEqual({ status: 200, remaining: 4 });
    expect(await hit(a)).toEqual({ status: 200, remaining: 3 });
    expect(await hit(b)).toEqual({ status: 200, remaining: 2 });
    expect(await hit(b)).toEqual({ status: 200, remaining: 1 });
    expect(await hit(a)).toEqual({ status: 200, remaining: 0 });
    expect((await hit(b)).status).toBe(429);
    expect((await hit(a)).status).toBe(429);
  });

  it('keeps answering on per-instance limits while Redis is down, says so, and recovers', async () => {
    const port = redis.port;
    await redis.stop();
    await Promise.all([waitForLog(a, /^redis unavailable/), waitForLog(b, /^redis unavailable/)]);
    // Each instance now counts on its own, from a fresh in-memory window.
    expect(await hit(a)).toEqual({ status: 200, remaining: 5 });
    expect(await hit(a)).toEqual({ status: 200, remaining: 4 });
    expect(await hit(b)).toEqual({ status: 200, remaining: 5 });
    expect(a.logs.filter((l) => l.msg === 'unexpected error')).toEqual([]);

    redis = await startRedis(port);
    await Promise.all([waitForLog(a, /^redis recovered/), waitForLog(b, /^redis recovered/)]);
    expect(await hit(a)).toEqual({ status: 200, remaining: 5 }); // the new Redis starts empty
    expect(await hit(b)).toEqual({ status: 200, remaining: 4 });
  });
});
