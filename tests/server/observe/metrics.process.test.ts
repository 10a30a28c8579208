import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltCatalog } from '../../helpers/build-data.ts';
import { assertRedisInstalled, startRedis } from '../../../scripts/lib/redis-server.ts';
import { startServer, type RunningServer } from '../../helpers/start-server.ts';

/** The value of one sample line (`name{labels} value`) in a Prometheus text answer, 0 when absent. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('metrics listener (METRICS_PORT)', () => {
  let server: RunningServer;
  let metricsUrl: string;
  const scrape = async () => (await fetch(metricsUrl)).text();

  beforeAll(async () => {
    server = await startServer({ METRICS_PORT: '0', REST_RATE_LIMIT: '3', MCP_RATE_LIMIT: '2' });
    metricsUrl = String(server.logs.find((l) => l.msg === 'listening')!.metrics);
  });
  afterAll(() => server.stop());

  it('is on its own port, never on the public one', async () => {
    expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('catalog_http_requests_total');
  });

  it('moves its request, rate-limit, search and cache figures with traffic', async () => {
    const before = await scrape();
    const t = readBuiltCatalog().templates[0]!;
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/api/v1/templates?q=zzqqxxnothing${i}`)).arrayBuffer();
    await (await fetch(`${server.url}/templates/${t.slug}`)).arrayBuffer();
    await (await fetch(`${server.url}/templates/${t.slug}`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
    const after = await scrape();
    const ok = 'group="rest-list",status="200"';
    expect(sample(after, 'catalog_http_requests_total', ok) - sample(before, 'catalog_http_requests_total', ok)).toBe(3);
    expect(sample(after, 'catalog_http_request_duration_seconds_count', ok)).toBe(sample(after, 'catalog_http_requests_total', ok));
    expect(sample(after, 'catalog_rate_limit_rejections_total', 'bucket="rest"') - sample(before, 'catalog_rate_limit_rejections_total', 'bucket="rest"')).toBe(2);
    expect(sample(after, 'catalog_http_requests_total', 'group="rest-list",status="429"')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'catalog_search_zero_results_total') - sample(before, 'catalog_search_zero_results_total')).toBe(3);
    expect(sample(after, 'catalog_search_duration_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'catalog_cache_lookups_total', 'cache="static-files",result="hit"')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'catalog_cache_hit_ratio', 'cache="static-files"')).toBeGreaterThan(0);
  });

  it('counts the server card under MCP, whose budget it draws on', async () => {
    const before = await scrape();
    for (let i = 0; i < 4; i++) await (await fetch(`${server.url}/api/mcp/server-card`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
    const after = await scrape();
    const rejected = (text: string, bucket: string) => sample(text, 'catalog_rate_limit_rejections_total', `bucket="${bucket}"`);
    expect(rejected(after, 'mcp') - rejected(before, 'mcp')).toBe(2);
    expect(rejected(after, 'rest') - rejected(before, 'rest')).toBe(0);
    expect(sample(after, 'catalog_http_requests_total', 'group="mcp",status="429"')).toBe(2);
    expect(sample(after, 'catalog_http_requests_total', 'group="api-unknown",status="429"')).toBe(0);
  });

  it('names the build, its size, the rate-limit store and the process', async () => {
    const text = await scrape();
    const listening = server.logs.find((l) => l.msg === 'listening')!;
    expect(sample(text, 'catalog_build_info', `build_id="${String(listening.build)}"`)).toBe(1);
    expect(sample(text, 'catalog_templates')).toBe(readBuiltCatalog().templates.length);
    expect(sample(text, 'catalog_rate_limit_redis_connected')).toBe(0);
    expect(sample(text, 'catalog_rate_limit_fallback')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(new URL('/', metricsUrl))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });
});

describe('without METRICS_PORT', () => {
  it('opens no metrics listener', async () => {
    const server = await startServer();
    try {
      expect(server.logs.find((l) => l.msg === 'listening')).not.toHaveProperty('metrics');
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe('the Redis limiter on /metrics', () => {
  it('says connected while Redis is up and falling back while it is down', async () => {
    assertRedisInstalled();
    const redis = await startRedis();
    const server = await startServer({ REDIS_URL: redis.url, METRICS_PORT: '0' });
    try {
      const metricsUrl = String(server.logs.find((l) => l.msg === 'listening')!.metrics);
      const read = async () => {
        const text = await (await fetch(metricsUrl)).text();
        return [sample(text, 'catalog_rate_limit_redis_connected'), sample(text, 'catalog_rate_limit_fallback')];
      };
      await server.waitForLog((e) => e.msg === 'redis connected');
      expect(await read()).toEqual([1, 0]);
      await redis.stop();
      await server.waitForLog((e) => String(e.msg).startsWith('redis unavailable'));
      expect(await read()).toEqual([0, 1]);
      expect((await fetch(`${server.url}/api/v1/templates?limit=1`)).status).toBe(200); // limited from memory meanwhile
    } finally {
      await server.stop();
      await redis.stop();
    }
  });
});
