import { join } from 'node:path';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { startWorkerd } from '../../scripts/lib/start-function.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { expectSameAnswers, listParityRows, type KnownDifference } from './static-parity.ts';

/** What Workers Static Assets with the build's host files cannot answer as the origin does, and why (docs/deploying.md lists them). */
const FOLDER = 'a rule cannot tell /templates/x from /templates/x.md: pages in folders link the site, not their twin';
const FILE_404 = "a missing file under a route the host answers alone (run_worker_first leaves it out) is the host's empty 404, with that route's rule";
const WORKERD_DIFFERENCES: KnownDifference[] = [
  { kind: 'page in a folder', field: 'link', reason: FOLDER },
  { kind: 'page in a folder by Accept', field: 'link', reason: FOLDER },
  { kind: 'twin in a folder', field: 'link', reason: FOLDER },
  ...(['status', 'content-type', 'location'] as const).map((field) => ({ kind: 'html address', field, reason: "Workers' html_handling sends /x.html to /x with a 307" })),
  { kind: 'redirect', field: 'content-type', reason: 'the host writes the 301 without a body' },
  ...(['content-type', 'cache-control', 'vary', 'link', 'content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'cross-origin-resource-policy'] as const).map((field) => ({ kind: '404 under a file route', field, reason: FILE_404 })),
  { kind: 'search page (function)', field: 'link', reason: 'on workerd /search answers the home page as a shell (the Astro page does not run there), with its links' },
];

describe('wrangler dev with deploy/cloudflare/wrangler.jsonc: the static half from the build\'s host files', () => {
  let fn: Awaited<ReturnType<typeof startWorkerd>>;
  let origin: RunningServer;
  beforeAll(async () => {
    [fn, origin] = await Promise.all([startWorkerd(inject('distDir')), startServer({ REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([fn?.stop(), origin?.stop()]);
  });

  it('answers every kind of static address as the origin does, the listed differences aside', async () => {
    await expectSameAnswers(origin.url, fn.url, listParityRows(join(inject('distDir'), 'client')), WORKERD_DIFFERENCES);
  }, 120_000);
});
