import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type RunningServer } from '../../../scripts/lib/spawn-server.ts';
import { readBuiltCatalog } from '../../helpers/build-data.ts';
import { withTimeout } from '../../helpers/wait-for.ts';
import { writeChangeList } from '../../../src/publish/change-list.ts';
import { createBuildsRoot, renameFirstTemplate } from '../lifecycle/build-fixtures.ts';

interface Seen {
  method: string;
  headers: IncomingMessage['headers'];
  at: number;
}

/**
 * A purge endpoint that answers as told: each request takes the next scripted answer (a
 * status, after a delay), then 200. It stands where Varnish would, to make failures happen.
 */
function startPurgeEndpoint(): { url: () => string; seen: Seen[]; script: { status: number; delayMs: number }[]; server: Server } {
  const seen: Seen[] = [];
  const script: { status: number; delayMs: number }[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, headers: req.headers, at: performance.now() });
    const { status, delayMs } = script.shift() ?? { status: 200, delayMs: 0 };
    setTimeout(() => res.writeHead(status).end(status === 200 ? 'Purged' : 'Try later'), delayMs);
  });
  return { url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, script, server };
}

const template = readBuiltCatalog().templates[0]!;

describe('purge after a publish (CDN_PURGE_URL)', () => {
  const root = createBuildsRoot();
  const endpoint = startPurgeEndpoint();
  let server: RunningServer;

  beforeAll(async () => {
    await new Promise<void>((resolve) => endpoint.server.listen(0, '127.0.0.1', resolve));
    root.publish(root.addBuild('20260101T000000Z-aaaa'));
    server = await spawnServer({ DIST_DIR: root.distDir, CACHE_TAG_HEADER: 'xkey', CDN_PURGE_URL: endpoint.url() });
  });
  afterAll(async () => {
    await server?.stop();
    endpoint.server.close();
    root.remove();
  });

  it('goes live first, then purges what the change list names, retrying a failing CDN until it confirms', async () => {
    // The first purge hangs 2 s and fails, the second fails at once, the third succeeds.
    endpoint.script.push({ status: 503, delayMs: 2000 }, { status: 500, delayMs: 0 });
    const next = root.addBuild('20260101T000100Z-bbbb', (dir) => {
      renameFirstTemplate(dir, 'Edited');
      writeChangeList(dir, {
        version: 1,
        build: '20260101T000100Z-bbbb',
        mode: 'incremental',
        previous: '20260101T000000Z-aaaa',
        paths: { changed: ['/data/catalog.json', `/templates/${template.slug}`], added: [], removed: [] },
        templates: { changed: [template.id], added: [], removed: [] },
      });
    });
    root.publish(next);
    await withTimeout(server.waitForLog((e) => e.msg === 'build live' && e.build === '20260101T000100Z-bbbb'), 10_000, 'build live');
    const live = performance.now();
    const page = await (await fetch(`${server.url}/templates/${template.slug}`)).text();
    expect(page).toContain(`${template.title} Edited`); // serving the new build while the purge still hangs
    expect(endpoint.seen.length).toBe(1);
    expect(performance.now() - endpoint.seen[0]!.at).toBeLessThan(2000);

    const purged = await withTimeout(server.waitForLog((e) => e.msg === 'cdn purged' && e.build === '20260101T000100Z-bbbb'), 15_000, 'cdn purged');
    expect(purged).toMatchObject({ attempts: 3, everything: false, tags: 3, previous: '20260101T000000Z-aaaa' });
    const retries = server.logs.filter((e) => e.msg === 'cdn purge failed; retrying' && e.build === '20260101T000100Z-bbbb');
    expect(retries.map((e) => [e.level, e.attempt, e.retryInMs])).toEqual([['warn', 1, 1000], ['warn', 2, 2000]]);
    expect(String(retries[0]!.error)).toContain('503');
    expect(endpoint.seen.map((s) => [s.method, s.headers['xkey-purge']])).toEqual(Array(3).fill(['PURGE', `data lists template:${template.id}`]));
    expect(endpoint.seen[0]!.at).toBeGreaterThan(live - 1000); // purging started only after the switch
  }, 30_000);

  it('purges everything when the new build has no change list to tell what changed', async () => {
    endpoint.seen.length = 0;
    root.publish(root.addBuild('20260101T000200Z-cccc', (dir) => renameFirstTemplate(dir, 'Again')));
    const purged = await withTimeout(server.waitForLog((e) => e.msg === 'cdn purged' && e.build === '20260101T000200Z-cccc'), 15_000, 'cdn purged');
    expect(purged).toMatchObject({ everything: true, attempts: 1 });
    expect(endpoint.seen.map((s) => [s.method, s.headers['x-purge-all']])).toEqual([['PURGE', 'yes']]);
  }, 30_000);
});
