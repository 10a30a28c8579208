import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { startServer } from '../../helpers/start-server.ts';

describe('readiness (/readyz) and liveness (/healthz)', () => {
  it('is ready with a build loaded, and fails readiness but not liveness while draining', async () => {
    const server = await startServer({ SHUTDOWN_DELAY_SECONDS: '1' });
    onTestFinished(() => void server.stop('SIGKILL'));
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toMatchObject({ status: 'ready', build: server.logs.find((l) => l.msg === 'listening')!.build });
    for (const path of ['/readyz', '/healthz']) {
      const posted = await fetch(`${server.url}${path}`, { method: 'POST' });
      expect(posted.status, path).toBe(405);
      expect(posted.headers.get('allow'), path).toBe('GET, HEAD, OPTIONS');
      expect(await posted.json(), path).toMatchObject({ error: 'method_not_allowed' });
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(await head.text(), path).toBe('');
    }

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

describe('start-up', () => {
  it('answers probes while the first build loads and serves requests that arrived meanwhile', async () => {
    // The server keeps its compile cache beside the build (`dist.builds`): both go with the scratch folder.
    const scratch = mkdtempSync(join(tmpdir(), 'ops-start-'));
    const dir = join(scratch, 'dist');
    cpSync(inject('distDir'), dir, { recursive: true });
    const catalogFile = join(dir, 'client', 'data', 'catalog.json');
    const catalog = readFileSync(catalogFile);
    rmSync(catalogFile);
    execFileSync('mkfifo', [catalogFile]); // the load waits on it until the test writes the catalog
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, DIST_DIR: dir, HOST: '127.0.0.1', PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const url = await new Promise<string>((resolve) =>
        lines.on('line', (l) => {
          const e = JSON.parse(l) as { msg: string; url?: string };
          if (e.msg === 'loading build' && e.url) resolve(e.url);
        }),
      );
      const loading = await fetch(`${url}/readyz`);
      expect(loading.status).toBe(503);
      expect(await loading.json()).toEqual({ status: 'loading' });
      expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({ status: 'loading' });
      const early = fetch(`${url}/api/v1/templates?limit=1`);
      await new Promise((r) => setTimeout(r, 200));
      writeFileSync(catalogFile, catalog);
      expect((await early).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    } finally {
      // Removed once the server has exited: it writes its compile cache as it exits.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill();
        await exited;
      }
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
