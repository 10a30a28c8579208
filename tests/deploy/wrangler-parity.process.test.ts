import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describe } from 'vitest';
import { startWorkerd, type RunningFunction } from '../../scripts/lib/start-function.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { expectSameAnswers, listParityRows, type KnownDifference } from './static-parity.ts';

/** What Cloudflare Workers with Static Assets cannot answer as the origin does, and why (docs/deploying.md lists them). */
const WRANGLER_DIFFERENCES: KnownDifference[] = [
  { kind: 'published', field: 'content-type', reason: "the host's MIME table types /sitemap.xml application/xml, the origin's text/xml" },
  { kind: 'redirect', field: 'content-type', reason: "the host's 301 from _redirects has no body; the origin's is a line of text" },
  ...(['content-type', 'cache-control', 'vary', 'link', 'content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'cross-origin-resource-policy'] as const).map((field) => ({
    kind: '404',
    field,
    reason: "a missing file under /_astro/ or /posters/ (paths the function does not run first for) is the host's bare 404 with that folder's rule; the origin answers its 404 page, no-store",
  })),
];

describe('deploy/cloudflare/wrangler.jsonc under wrangler dev (static assets and the function)', () => {
  let origin: RunningApp;
  let workerd: RunningFunction;
  beforeAll(async () => {
    [origin, workerd] = await Promise.all([startApp({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' }), startWorkerd(inject('distDir'))]);
  }, 120_000);
  afterAll(async () => {
    await workerd?.stop();
    await origin?.stop();
  });

  const rows = () => listParityRows(`${inject('distDir')}/client`);

  it('answers every kind of static address as the origin does: status, type, caching, CORS, nosniff, Link, redirects', async () => {
    await expectSameAnswers(origin.url, workerd.url, rows().filter((r) => r.kind !== 'html address'), WRANGLER_DIFFERENCES);
  });

  it('redirects an .html address to its page (html_handling), where the origin answers the file', async () => {
    for (const row of rows().filter((r) => r.kind === 'html address')) {
      const res = await fetch(workerd.url + row.path, { redirect: 'manual' });
      expect(res.status, row.path).toBe(307);
      expect(res.headers.get('location'), row.path).toBe(row.path === '/index.html' ? '/' : row.path.slice(0, -'.html'.length));
    }
  });
});
