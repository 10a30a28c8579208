import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { assertRedisInstalled, startRedis, type TestRedis } from '../../scripts/lib/redis-server.ts';
import { copyDataOnly, startNodeFunction, type RunningFunction } from '../../scripts/lib/start-function.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

const dataOnly = copyDataOnly(inject('distDir'));
let redis: TestRedis;
let a: RunningFunction;
let b: RunningFunction;
let origin: RunningServer;

async function waitForOutput(fn: RunningFunction, pattern: RegExp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(fn.output())) {
    if (Date.now() > deadline) throw new Error(`no output matching ${pattern}:\n${fn.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const hit = async (base: string) => {
  const res = await fetch(`${base}/api/v1/templates?limit=1`);
  await res.arrayBuffer();
  return { status: res.status, remaining: Number(res.headers.get('x-ratelimit-remaining')) };
};

beforeAll(async () => {
  assertRedisInstalled();
  redis = await startRedis();
  const env = { REDIS_URL: redis.url, REST_RATE_LIMIT: '6' };
  // Ready by their log line: a probe by list request would spend the budget under test.
  const start = () => startNodeFunction({ DIST_DIR: dataOnly.distDir, ...env }, { probe: false });
  [a, b, origin] = await Promise.all([start(), start(), startServer(env)]);
  await Promise.all([waitForOutput(a, /redis connected/), waitForOutput(b, /redis connected/)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), origin?.stop()]);
  await redis?.stop();
  dataOnly.remove();
});

describe('npm run function with REDIS_URL', () => {
  it('counts a client\'s requests on every function instance and the origin against one limit', async () => {
    expect(await hit(a.url)).toEqual({ status: 200, remaining: 5 });
    expect(await hit(b.url)).toEqual({ status: 200, remaining: 4 });
    expect(await hit(origin.url)).toEqual({ status: 200, remaining: 3 });
    expect(await hit(a.url)).toEqual({ status: 200, remaining: 2 });
    expect(await hit(b.url)).toEqual({ status: 200, remaining: 1 });
    expect(await hit(a.url)).toEqual({ status: 200, remaining: 0 });
    expect((await hit(b.url)).status).toBe(429);
    expect((await hit(a.url)).status).toBe(429);
  });

  it('keeps answering on per-process limits while Redis is down, says so, and shares again once it is back', async () => {
    const port = redis.port;
    await redis.stop();
    await Promise.all([waitForOutput(a, /redis unavailable/), waitForOutput(b, /redis unavailable/)]);
    expect(await hit(a.url)).toEqual({ status: 200, remaining: 5 });
    expect(await hit(a.url)).toEqual({ status: 200, remaining: 4 });
    expect(await hit(b.url)).toEqual({ status: 200, remaining: 5 });

    redis = await startRedis(port);
    await Promise.all([waitForOutput(a, /redis recovered/), waitForOutput(b, /redis recovered/)]);
    expect(await hit(a.url)).toEqual({ status: 200, remaining: 5 }); // the new Redis starts empty
    expect(await hit(b.url)).toEqual({ status: 200, remaining: 4 });
  });
});
