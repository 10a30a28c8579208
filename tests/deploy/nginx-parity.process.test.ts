import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { hasNginx, startNginx, testNginxConfig, type NginxSettings, type RunningNginx } from '../../scripts/lib/nginx.ts';
import { readConfig } from '../../src/config/read-config.ts';
import { describeNeeding } from '../helpers/describe-needing.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { expectSameAnswers, listParityRows, type KnownDifference } from './static-parity.ts';

/** What nginx cannot answer as the origin does, and why (docs/deploying.md lists them). */
const NGINX_DIFFERENCES: KnownDifference[] = [
  { kind: 'redirect', field: 'content-type', reason: "nginx writes its own HTML body for a 301 (text/html); the origin's is a line of text" },
];

const MISSING = 'nginx or envsubst is not installed: install nginx-light and gettext-base (.ci/run does).';

describeNeeding('nginx and envsubst', hasNginx(), MISSING, 'deploy/nginx/catalog.conf.template in a stock nginx, the origin as the function', () => {
  const work = mkdtempSync(join(tmpdir(), 'nginx-parity-'));
  const client = join(inject('distDir'), 'client');
  const config = readConfig({ SITE_URL: 'http://localhost:4321' }); // the test build's addresses
  let origin: RunningApp;
  let nginx: RunningNginx;
  let settings: Omit<NginxSettings, 'CATALOG_LISTEN'>;

  beforeAll(async () => {
    origin = await startApp({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' });
    settings = { CATALOG_ROOT: client, CATALOG_FUNCTION: origin.url, CATALOG_SITE_URL: config.SITE_URL, CATALOG_MEDIA_URL: config.MEDIA_URL, CATALOG_STUDIO_URL: config.STUDIO_URL };
    nginx = await startNginx(join(work, 'run'), settings);
  });
  afterAll(async () => {
    await nginx?.stop();
    await origin?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('passes nginx -t once filled', () => {
    const result = testNginxConfig(join(work, 'check'), { ...settings, CATALOG_LISTEN: '127.0.0.1:1' });
    expect(result.output).toMatch(/test is successful/);
    expect(result.output).not.toMatch(/\[(warn|emerg)\]/);
    expect(result.ok).toBe(true);
  });

  it('answers every kind of static address as the origin does: status, type, caching, CORS, nosniff, Link, redirects', async () => {
    await expectSameAnswers(origin.url, nginx.url, listParityRows(client), NGINX_DIFFERENCES);
  });

  it('serves the precompressed siblings on disk by Accept-Encoding, never as addresses', async () => {
    const gz = await fetch(`${nginx.url}/openapi.json`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.json()).toHaveProperty('openapi');
    expect((await fetch(`${nginx.url}/openapi.json.gz`)).status).toBe(404);
  });

  it('hands Markdown asked by Accept on a page to the function, which answers the twin', async () => {
    const res = await fetch(`${nginx.url}/docs`, { headers: { Accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept, Accept-Encoding');
  });
});
