import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type RunningServer } from '../../../scripts/lib/spawn-server.ts';
import { readBuiltCatalog } from '../../helpers/build-data.ts';
import { shardPath } from '../../../src/contracts/published/catalog-shards.ts';
import type { TemplateEnvelope } from '../../../src/schemas/responses.ts';
import { createBuildsRoot, renameFirstTemplate, rewriteClientFile } from './build-fixtures.ts';
import { editShard, readShard, splitShards } from './shard-fixtures.ts';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

interface Answer {
  status: number;
  etag: string | null;
  body: string;
}

/** What a request answers, as compared between builds. */
async function ask(base: string, target: { path: string; body?: string }): Promise<Answer> {
  const res = await fetch(base + target.path, target.body ? { method: 'POST', headers: MCP_HEADERS, body: target.body } : {});
  return { status: res.status, etag: res.headers.get('etag'), body: await res.text() };
}

const same = (a: Answer, b: Answer) => a.status === b.status && a.etag === b.etag && a.body === b.body;

describe('live build reload', () => {
  const root = createBuildsRoot();
  const first = readBuiltCatalog().templates[0]!;
  const word = first.title.split(' ')[0]!;
  const targets = [
    { path: `/api/v1/templates/${first.id}` },
    { path: `/api/v1/templates?q=${encodeURIComponent(word)}&limit=5` },
    { path: `/templates/${first.slug}` },
    { path: `/search?q=${encodeURIComponent(word)}` },
    { path: '/api/mcp', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_templates', arguments: { query: word } } }) },
  ];
  let server: RunningServer;

  beforeAll(async () => {
    root.publish(root.addBuild('20260101T000000Z-aaaa'));
    server = await spawnServer({ DIST_DIR: root.distDir, REST_RATE_LIMIT: '1000000', MCP_RATE_LIMIT: '1000000' });
  });
  afterAll(async () => {
    await server?.stop();
    root.remove();
  });

  it('switches to a build published under load within seconds, with no failed or mixed answer', async () => {
    const before = await Promise.all(targets.map((t) => ask(server.url, t)));
    const next = root.addBuild('20260101T000100Z-bbbb', (dir) => renameFirstTemplate(dir, 'Reloaded'));
    const seen: { target: number; answer: Answer; startedAfterLive: boolean }[] = [];
    let liveAt = 0;
    let stop = false;
    const loops = Array.from({ length: 4 }, async (_, k) => {
      for (let n = k; !stop; n++) {
        const target = n % targets.length;
        const startedAfterLive = liveAt > 0;
        seen.push({ target, answer: await ask(server.url, targets[target]!), startedAfterLive });
      }
    });
    await new Promise((r) => setTimeout(r, 500));
    const published = performance.now();
    root.publish(next);
    const live = await server.waitForLog((e) => e.msg === 'build live' && e.build === '20260101T000100Z-bbbb');
    liveAt = performance.now();
    await new Promise((r) => setTimeout(r, 700));
    stop = true;
    await Promise.all(loops);

    expect(liveAt - published).toBeLessThan(5000);
    expect(live.previous).toBe('20260101T000000Z-aaaa');
    const after = await Promise.all(targets.map((t) => ask(server.url, t)));
    targets.forEach((_, i) => {
      expect(before[i]!.status).toBe(200);
      expect(after[i]!.status).toBe(200);
      expect(after[i]!.body).not.toBe(before[i]!.body); // every target tells the builds apart
      expect(after[i]!.body).toContain(`${first.title} Reloaded`);
    });
    expect(seen.filter((s) => s.startedAfterLive).length).toBeGreaterThan(0);
    expect(seen.filter((s) => !s.startedAfterLive).length).toBeGreaterThan(20);
    for (const s of seen) {
      const old = same(s.answer, before[s.target]!);
      const neu = same(s.answer, after[s.target]!);
      expect(old || neu, `${targets[s.target]!.path}: ${s.answer.status} ${s.answer.body.slice(0, 200)}`).toBe(true);
      if (s.startedAfterLive) expect(neu).toBe(true);
    }
  });

  it('never switches to a build made for another SITE_URL, and names the fix', async () => {
    const serving = await ask(server.url, targets[0]!);
    const servingId = ((await (await fetch(`${server.url}/readyz`)).json()) as { build: string }).build;
    const other = root.addBuild('20260101T000150Z-ssss', (dir) => rewriteClientFile(dir, 'data/catalog.json', (text) => text.replace(/"siteUrl":"[^"]*"/, '"siteUrl":"http://localhost:6101"')));
    root.publish(other);
    const refused = await server.waitForLog((e) => e.msg === 'build refused; the serving build carries on' && e.build === '20260101T000150Z-ssss');
    expect(refused.level).toBe('error');
    expect(String(refused.error)).toMatch(/made for http:\/\/localhost:6101.*SITE_URL=http:\/\/localhost:4321 npm run build/);
    expect(same(await ask(server.url, targets[0]!), serving)).toBe(true);
    expect(((await (await fetch(`${server.url}/readyz`)).json()) as { build: string }).build).toBe(servingId);
  });

  it('refuses a broken build and keeps serving the one it has', async () => {
    const serving = await ask(server.url, targets[0]!);
    const broken = root.addBuild('20260101T000200Z-cccc', (dir) => rewriteClientFile(dir, 'data/catalog.json', () => '{"apiVersion":"v1","templates":[{"id":'));
    root.publish(broken);
    const refused = await server.waitForLog((e) => e.msg === 'build refused; the serving build carries on' && e.build === '20260101T000200Z-cccc');
    expect(refused.level).toBe('error');
    expect(String(refused.error)).toContain('catalog.json');
    expect(refused.serving).toBe('20260101T000100Z-bbbb');
    expect(same(await ask(server.url, targets[0]!), serving)).toBe(true);
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { build: string };
    expect(ready.build).toBe('20260101T000100Z-bbbb');
  });

  it('loads the build again on SIGHUP, even one it refused before', async () => {
    const fixed = root.addBuild('20260101T000300Z-dddd');
    root.publish(fixed);
    await server.waitForLog((e) => e.msg === 'build live' && e.build === '20260101T000300Z-dddd');
    process.kill(server.pid, 'SIGHUP');
    const reloaded = await server.waitForLog((e) => e.msg === 'loading build' && e.reason === 'SIGHUP');
    expect(reloaded.build).toBe('20260101T000300Z-dddd');
    const live = await server.waitForLog((e) => e.msg === 'build live' && e.previous === '20260101T000300Z-dddd');
    expect(live.build).toBe('20260101T000300Z-dddd');
    expect((await fetch(`${server.url}/api/v1/templates/${first.id}`)).status).toBe(200);
  });

  it('parses only the catalog shards a publish changed, and still refuses a changed shard that is corrupt', async () => {
    const split = root.addBuild('20260101T000400Z-eeee', (dir) => splitShards(dir, 4));
    root.publish(split);
    await server.waitForLog((e) => e.msg === 'build live' && e.build === '20260101T000400Z-eeee');
    const edited = readShard(split, 2)[0]!;
    const next = root.linkBuild('20260101T000500Z-ffff', split, (dir) => editShard(dir, 2, (templates) => void (templates[0]!.title += ' Edited')));
    root.publish(next);
    const live = await server.waitForLog((e) => e.msg === 'build live' && e.build === '20260101T000500Z-ffff');
    expect(live.shardsReused).toBe(3);
    const answer = (await (await fetch(`${server.url}/api/v1/templates/${edited.id}`)).json()) as TemplateEnvelope;
    expect(answer.template.title).toBe(`${edited.title} Edited`);

    root.publish(root.linkBuild('20260101T000600Z-gggg', next, (dir) => rewriteClientFile(dir, shardPath(1), (text) => text.slice(0, 100))));
    const refused = await server.waitForLog((e) => e.msg === 'build refused; the serving build carries on' && e.build === '20260101T000600Z-gggg');
    expect(String(refused.error)).toContain('data/catalog/1.json is not valid JSON');
    expect(refused.serving).toBe('20260101T000500Z-ffff');
    expect(((await (await fetch(`${server.url}/api/v1/templates/${edited.id}`)).json()) as TemplateEnvelope).template.title).toBe(`${edited.title} Edited`);
  });
});
