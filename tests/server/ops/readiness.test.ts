import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/start-server.ts';

describe('readiness (/readyz) and liveness (/healthz)', () => {
  it('is ready with a build loaded, and fails readiness but not liveness while draining', async () => {
    const server = await startServer({ SHUTDOWN_DELAY_SECONDS: '1' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toMatchObject({ status: 'ready', build: server.logs[0]!.build });

    const exited = server.stop();
    await server.waitForLog((e) => e.msg === 'stopping');
    const draining = await fetch(`${server.url}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/templates?limit=1`)).status).toBe(200); // still served during the delay
    expect(await exited).toBe(0);
  });
});
