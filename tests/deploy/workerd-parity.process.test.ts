import { join } from 'node:path';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { startWorkerd } from '../../scripts/lib/start-function.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { expectSameAnswers, listParityRows, type KnownDifference } from './static-parity.ts';

/** What Workers Static Assets with the build's host files cannot answer as the origin does, and why (docs/deploying.md lists them). */
const WORKERD_DIFFERENCES: KnownDifference[] = [
  ...(['status', 'content-type', 'location'] as const).map((field) => ({ kind: 'html address', field, reason: "Workers' html_handling sends /x.html to /x with a 307" })),
  { kind: 'redirect', field: 'content-type', reason: 'the host writes the 301 without a body' },
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
