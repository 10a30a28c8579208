import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { assertRedisInstalled, startRedis, type TestRedis } from '../../scripts/lib/redis-server.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { waitForLogMsg } from '../helpers/wait-for.ts';

/*
 * tests/server/redis.test.ts already shows the shared count (remaining going down across two
 * instances, 429 on both) and the outage fallback. This adds what it leaves out: the 429's
 * headers agreeing on both instances, the MCP bucket being shared too, and identical answers.
 */

const template = readBuiltCatalog().templates[1]!;
let redis: TestRedis;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  assertRedisInstalled();
  redis = await startRedis();
  const env = { REDIS_URL: redis.url, REST_RATE_LIMIT: '10', MCP_RATE_LIMIT: '4', TRUST_PROXY: '1' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  await Promise.all([waitForLogMsg(a, 'redis connected'), waitForLogMsg(b, 'redis connected')]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

/** One client (by X-Forwarded-For, trusted one hop) so each test has a fresh budget. */
const as = (client: string, init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': client } });

const mcpCall = (name: string, args: Record<string, unknown>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 42, method: 'tools/call', params: { name, arguments: args } }),
});

describe('two instances behind one Redis', () => {
  it('spend one REST budget: 10 requests over both pass, the 11th is 429 on either with the same headers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await fetch(`${(i % 3 ? a : b).url}/api/v1/templates?limit=1`, as('198.51.100.10'))).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const [overA, overB] = [await fetch(`${a.url}/api/v1/templates?limit=1`, as('198.51.100.10')), await fetch(`${b.url}/api/v1/templates?limit=1`, as('198.51.100.10'))];
    for (const res of [overA, overB]) {
      expect(res.status).toBe(429);
      expect(res.headers.get('ratelimit-policy')).toBe('10;w=60');
      expect(res.headers.get('ratelimit')).toMatch(/^limit=10, remaining=0, reset=\d+$/);
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({ error: 'rate_limited', retryAfter });
    }
    // One window in Redis: both instances name the same reset moment (to the second).
    const resets = [overA, overB].map((r) => Number(r.headers.get('x-ratelimit-reset')));
    expect(Math.abs(resets[0]! - resets[1]!)).toBeLessThanOrEqual(1);
  });

  it('spend one MCP budget too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${(i % 2 ? b : a).url}/api/mcp`, as('198.51.100.11', mcpCall('get_template', { id: template.id })))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it.each([
    ['get-one by id', `/api/v1/templates/${template.id}`],
    ['get-one by slug', `/api/v1/templates/${template.slug}`],
    ['list with q', '/api/v1/templates?q=launch'],
    ['list with q and filters', `/api/v1/templates?q=video&tier=${template.tier}&limit=3&offset=1`],
    ['studio-link', `/api/v1/studio-link?template=${template.slug}&site=https://www.Example.com/x&format=9:16`],
  ])('answer %s with the same bytes and ETag', async (_name, path) => {
    const [ra, rb] = await Promise.all([fetch(`${a.url}${path}`, as('198.51.100.20')), fetch(`${b.url}${path}`, as('198.51.100.21'))]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(ra.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(rb.headers.get('etag')).toBe(ra.headers.get('etag'));
    expect(Buffer.from(await rb.arrayBuffer()).equals(Buffer.from(await ra.arrayBuffer()))).toBe(true);
  });

  it.each([
    ['search_templates', { query: 'launch', limit: 5 }],
    ['get_template', { id: template.slug }],
    ['studio_link', { template: template.id, site: 'acme.com' }],
  ])('answer the MCP tool %s with the same result bytes', async (name, args) => {
    const [ra, rb] = await Promise.all([fetch(`${a.url}/api/mcp`, as('198.51.100.30', mcpCall(name, args))), fetch(`${b.url}/api/mcp`, as('198.51.100.31', mcpCall(name, args)))]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const [ta, tb] = [await ra.text(), await rb.text()];
    expect(JSON.parse(ta)).toMatchObject({ id: 42, result: { structuredContent: expect.any(Object) } });
    expect(JSON.parse(ta).result.isError).toBeUndefined();
    expect(tb).toBe(ta);
  });
});
