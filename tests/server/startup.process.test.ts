import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, inject, onTestFinished } from 'vitest';
import { runServerToExit, startServer } from '../helpers/start-server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'server-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the test build's data files only (enough for the server to start). */
function copyBuild(name: string): string {
  const dir = join(scratch, name);
  cpSync(join(inject('distDir'), 'client', 'data'), join(dir, 'client', 'data'), { recursive: true });
  cpSync(join(inject('distDir'), 'server'), join(dir, 'server'), { recursive: true });
  return dir;
}

describe('server start', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ REST_RATE_LIMIT: '0' }, 'REST_RATE_LIMIT'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
    [{ API_V1_SUNSET: '2027-07-31' }, 'API_V1_DEPRECATION'],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SHUTDOWN_DELAY_SECONDS: '-1' }, 'SHUTDOWN_DELAY_SECONDS'],
  ])('exits 1 naming the variable for a bad configuration %o', async (env, name) => {
    const { code, stderr } = await runServerToExit(env);
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain(name);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('stops when SITE_URL differs from the address the build was made for, saying to rebuild', async () => {
    const { code, stderr } = await runServerToExit({ SITE_URL: 'https://elsewhere.example' });
    expect(code).toBe(1);
    expect(stderr).toContain('was made for http://localhost:4321');
    expect(stderr).toContain('`SITE_URL=https://elsewhere.example npm run build`');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('starts when SITE_URL names the build\'s own address (a trailing slash does not count)', async () => {
    const server = await startServer({ SITE_URL: 'http://localhost:4321/' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await server.stop();
  });

  it('refuses to start without a build and says how to make one', async () => {
    const { code, stderr } = await runServerToExit({ DIST_DIR: join(scratch, 'nothing-here') });
    expect(code).toBe(1);
    expect(stderr).toContain('npm run build');
  });

  it('refuses a corrupt catalog.json', async () => {
    const dir = copyBuild('corrupt');
    writeFileSync(join(dir, 'client', 'data', 'catalog.json'), '{"apiVersion":"v1","templates":[{"id":');
    const { code, stderr } = await runServerToExit({ DIST_DIR: dir });
    expect(code).toBe(1);
    expect(stderr).toContain('catalog.json');
    expect(stderr).toContain('npm run build');
  });

  it('refuses a catalog.json of the wrong shape', async () => {
    const dir = copyBuild('wrong-shape');
    writeFileSync(join(dir, 'client', 'data', 'catalog.json'), JSON.stringify({ apiVersion: 'v1', templates: [{ id: 'x' }] }));
    const { code, stderr } = await runServerToExit({ DIST_DIR: dir });
    expect(code).toBe(1);
    expect(stderr).toContain('does not match');
  });

  it('refuses a catalog.json whose templates have a stale shape, naming the template', async () => {
    const dir = copyBuild('stale-template');
    const file = join(dir, 'client', 'data', 'catalog.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    const last = data.templates.length - 1;
    data.templates[last].tier = 'gold';
    writeFileSync(file, JSON.stringify(data));
    const { code, stderr } = await runServerToExit({ DIST_DIR: dir });
    expect(code).toBe(1);
    expect(stderr).toContain(`template ${last} of`);
    expect(stderr).toContain('"tier"');
  });

  it('refuses a corrupt search index', async () => {
    const dir = copyBuild('bad-index');
    writeFileSync(join(dir, 'client', 'data', 'search-index.json'), '[]');
    const { code, stderr } = await runServerToExit({ DIST_DIR: dir });
    expect(code).toBe(1);
    expect(stderr).toContain('search-index.json');
  });

  it('exits 1 when the port is taken', async () => {
    const first = await startServer();
    try {
      const { code, stderr } = await runServerToExit({ PORT: new URL(first.url).port });
      expect(code).toBe(1);
      expect(stderr).toContain('Cannot listen');
    } finally {
      await first.stop();
    }
  });
});

describe('server operation', () => {
  it('logs one JSON line per request and stops cleanly with exit 0 on SIGTERM', async () => {
    const server = await startServer();
    onTestFinished(() => void server.stop('SIGKILL'));
    await (await fetch(`${server.url}/api/v1/templates?limit=1&q=secret-words`)).arrayBuffer();
    const entry = await server.waitForLog((l) => l.msg === 'request');
    expect(entry).toMatchObject({ method: 'GET', path: '/api/v1/templates', status: 200, ip: '127.0.0.1' });
    expect(typeof entry!.ms).toBe('number');
    expect(entry!.bytes).toBeGreaterThan(0);
    expect(JSON.stringify(entry)).not.toContain('secret-words');
    expect(await server.stop()).toBe(0);
    expect(server.logs.map((l) => l.msg)).toContain('stopped');
  });

  it('finishes an answer in flight before stopping', async () => {
    const server = await startServer();
    const res = await fetch(`${server.url}/api/v1/templates`); // headers read, body not yet
    const code = server.stop();
    const body = (await res.json()) as { count: number; templates: unknown[] };
    expect(body.templates).toHaveLength(body.count);
    expect(await code).toBe(0);
  });

  it('writes no access log with LOG_LEVEL=silent', async () => {
    const server = await startServer({ LOG_LEVEL: 'silent' });
    await fetch(`${server.url}/healthz`);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.logs.map((l) => l.msg)).toEqual(['listening']);
    await server.stop();
  });
});
