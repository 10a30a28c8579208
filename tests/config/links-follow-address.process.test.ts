import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawnServer } from '../../scripts/lib/spawn-server.ts';
import { requestFrom } from '../helpers/request-from.ts';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'links-follow-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A port nothing listens on right now (the kernel's pick, released again). */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('links follow the address (SITE_URL unset)', () => {
  it('a build and a server on another port link that port: the API, MCP and the 403 hint', async () => {
    const port = await findFreePort();
    const dist = join(scratch, 'dist');
    const env = { ...process.env, SITE_URL: '', HOST: '127.0.0.1', PORT: String(port), DIST_DIR: dist, CATALOG_DIR: 'tests/fixtures/catalog-small', LOG_LEVEL: 'warn' };
    await run(process.execPath, ['scripts/build.ts'], { env });
    const server = await spawnServer({ SITE_URL: '', DIST_DIR: dist, PORT: String(port) });
    try {
      const site = `http://localhost:${port}`;
      const list = (await (await fetch(`${server.url}/api/v1/templates?limit=1`)).json()) as { templates: { url: string }[] };
      expect(list.templates[0]!.url.startsWith(`${site}/templates/`)).toBe(true);
      const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_templates', arguments: { query: 'launch' } } };
      const mcp = await fetch(`${server.url}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify(call) });
      expect(await mcp.text()).toContain(`${site}/templates/`);
      const refused = await requestFrom(`${server.url}/api/mcp`, { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(call) });
      expect(refused.status).toBe(403);
      expect(refused.body.toString()).toContain(`${site}/api/mcp`);
      expect(server.logs.some((e) => e.level === 40)).toBe(false); // no warning: the build names this address
    } finally {
      await server.stop();
    }
  }, 120_000); // a real build of three templates: ~6 s of CPU, more on a busy machine

  it('a server on another port than its local build was made for says so, and how to rebuild', async () => {
    const port = await findFreePort();
    const server = await spawnServer({ SITE_URL: '', DIST_DIR: inject('distDir'), PORT: String(port) });
    try {
      const warning = await server.waitForLog((e) => typeof e.msg === 'string' && e.msg.includes('was made for http://localhost:4321'));
      expect(warning.msg).toContain(`listens on http://localhost:${port}`);
      expect(warning.msg).toContain(`PORT=${port} npm run build`);
    } finally {
      await server.stop();
    }
  });
});
