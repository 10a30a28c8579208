import { cpSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { copyDataOnly, startNodeFunction, type RunningFunction } from '../../scripts/lib/start-function.ts';

describe('createRateLimitedReply on the Node function', () => {
  const dist = copyDataOnly(inject('distDir'));
  cpSync(join(realpathSync(inject('distDir')), 'server'), join(dist.distDir, 'server'), { recursive: true });
  let fn: RunningFunction;
  beforeAll(async () => {
    fn = await startNodeFunction({ DIST_DIR: dist.distDir, REST_RATE_LIMIT: '3', LOG_LEVEL: 'warn' }, { probe: false });
  }, 60_000);
  afterAll(async () => {
    await fn?.stop();
    dist.remove();
  });

  it('counts /search and /search.md against the REST bucket with its headers, then answers a 429 page by Accept', async () => {
    const first = await fetch(`${fn.url}/search?q=launch`);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit')).toMatch(/^limit=3, remaining=2, reset=\d+$/);
    expect((await fetch(`${fn.url}/search.md?q=launch`)).headers.get('ratelimit')).toMatch(/remaining=1/);
    await fetch(`${fn.url}/api/v1/templates?limit=1`);
    const html = await fetch(`${fn.url}/search?q=x`);
    expect(html.status).toBe(429);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(Number(html.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await html.text()).toContain('<h1>Too many requests</h1>');
    const md = await fetch(`${fn.url}/search?q=x`, { headers: { accept: 'text/markdown' } });
    expect([md.status, md.headers.get('content-type')]).toEqual([429, 'text/markdown; charset=utf-8']);
    expect(await md.text()).toMatch(/^# Too many requests\n/);
  });
});
