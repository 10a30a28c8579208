import { cpSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { hasNginx, startNginx } from '../../scripts/lib/nginx.ts';
import { copyDataOnly, findFreePort, startNodeFunction, type RunningFunction } from '../../scripts/lib/start-function.ts';
import { readConfig } from '../../src/config/read-config.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { describeNeeding } from '../helpers/describe-needing.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { checkFunctionShape } from './function-shape.ts';

const LIMIT = 40;
const dataOnly = copyDataOnly(inject('distDir'));
const work = mkdtempSync(join(tmpdir(), 'fn-nginx-'));
afterAll(() => {
  dataOnly.remove();
  rmSync(work, { recursive: true, force: true });
});

// `npm run function` over a DIST_DIR holding the data files only, behind nginx with the shipped
// template (deploy/nginx/catalog.conf.template) serving the client folder: nginx is the static
// half the function reads twins from (STATIC_ORIGIN) and the proxy in front of it.
describeNeeding('nginx and envsubst', hasNginx(), 'nginx or envsubst is not installed: install nginx-light and gettext-base (.ci/run does).', 'the function on Node', () => {
  checkFunctionShape({
    name: 'behind nginx (npm run function, data files only)',
    start: async () => {
      const config = readConfig({ SITE_URL: 'http://localhost:4321' });
      const [origin, nginxPort, fnPort] = await Promise.all([startServer({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' }), findFreePort(), findFreePort()]);
      const node = await startNodeFunction({ DIST_DIR: dataOnly.distDir, STATIC_ORIGIN: `http://127.0.0.1:${nginxPort}`, REST_RATE_LIMIT: String(LIMIT) }, { port: fnPort });
      const settings = { CATALOG_ROOT: resolve(inject('distDir'), 'client'), CATALOG_FUNCTION: node.url, CATALOG_SITE_URL: config.SITE_URL, CATALOG_MEDIA_URL: config.MEDIA_URL, CATALOG_STUDIO_URL: config.STUDIO_URL };
      const nginx = await startNginx(join(work, 'run'), settings, nginxPort);
      const fn = { ...node, url: nginx.url, stop: async () => {
        await nginx.stop();
        await node.stop();
      } };
      return { fn, origin };
    },
    limitBudget: LIMIT,
  });
});

describe('npm run function', () => {
  it('needs only the data files: the catalog head, its shards and the search index', () => {
    const files = readdirSync(join(dataOnly.distDir, 'client'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.every((f) => f.parentPath.includes(join('client', 'data')))).toBe(true);
    expect(files.map((f) => f.name)).toContain('search-index.bin');
  });

  it('without STATIC_ORIGIN says so at start, explains every page 404 by its kind, stores none, and compresses JSON', async () => {
    const fn = await startNodeFunction({ DIST_DIR: dataOnly.distDir, REST_RATE_LIMIT: '100000' });
    try {
      // Ready means it answers; the start-up lines may still be on their way through the pipe.
      await expect.poll(() => fn.output(), { timeout: 5_000 }).toMatch(/set STATIC_ORIGIN/);
      const html = await fetch(`${fn.url}/`);
      expect([html.status, html.headers.get('content-type'), html.headers.get('cache-control')]).toEqual([404, 'text/html; charset=utf-8', 'no-store']);
      expect(await html.text()).toMatch(/STATIC_ORIGIN/);
      const md = await fetch(`${fn.url}/templates/x`, { headers: { accept: 'text/markdown' } });
      expect([md.status, md.headers.get('content-type'), md.headers.get('cache-control')]).toEqual([404, 'text/markdown; charset=utf-8', 'no-store']);
      const api = await fetch(`${fn.url}/api/nope`);
      expect([api.status, api.headers.get('content-type'), api.headers.get('cache-control')]).toEqual([404, 'application/json', 'no-store']);
      const search = await fetch(`${fn.url}/search?q=launch`);
      expect(search.status === 200 || search.headers.get('cache-control') === 'no-store').toBe(true);
      const list = await fetch(`${fn.url}/api/v1/templates`, { headers: { 'accept-encoding': 'br' } });
      expect([list.status, list.headers.get('content-encoding')]).toEqual([200, 'br']);
      expect(list.headers.get('vary')).toMatch(/Accept-Encoding/);
    } finally {
      await fn.stop();
    }
  });

  it('stops at start-up with a message naming the missing file when DIST_DIR has no data', async () => {
    await expect(startNodeFunction({ DIST_DIR: '/nonexistent-build' }, { timeoutMs: 10_000 })).rejects.toThrow(/No build found|catalog\.json is missing/);
  });
});

describe('npm run function with the build\'s server entry beside the data', () => {
  const withEntry = copyDataOnly(inject('distDir'));
  cpSync(join(realpathSync(inject('distDir')), 'server'), join(withEntry.distDir, 'server'), { recursive: true });
  let fn: RunningFunction;
  let origin: RunningServer;
  beforeAll(async () => {
    [fn, origin] = await Promise.all([startNodeFunction({ DIST_DIR: withEntry.distDir }), startServer({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([fn?.stop(), origin?.stop()]);
    withEntry.remove();
  });

  it('renders /search and /studio with the origin\'s Astro pages: status, type, caching, Location and bytes', async () => {
    const { slug } = readBuiltCatalog().templates[0]!;
    const paths = ['/search', '/search?q=lanch&tier=free', '/search?q=launch+free&page=9', '/search?page=0', `/studio?template=${slug}&site=acme.com`, `/studio?template=${slug}&site=bad..site`, '/studio?template=no-such&site=acme.com', '/studio'];
    const ask = async (base: string, path: string) => {
      // Identity: the origin compresses (its ETag then names the coding), the function leaves that to the proxy.
      const res = await fetch(base + path, { redirect: 'manual', headers: { 'Accept-Encoding': 'identity' } });
      const headers = ['content-type', 'cache-control', 'location', 'etag', 'vary'].map((h) => res.headers.get(h));
      return { status: res.status, headers, body: await res.text() };
    };
    for (const path of paths) expect(await ask(fn.url, path), path).toEqual(await ask(origin.url, path));
  });
});
