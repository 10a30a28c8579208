import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, type Stack } from '../../scripts/lib/stack.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { requestFrom, type SentAnswer } from '../helpers/request-from.ts';
import { runBounded } from '../helpers/run-bounded.ts';
import { describeWithStackTools } from '../helpers/stack-tools.ts';
import { withTimeout } from '../helpers/wait-for.ts';
import { changeBaseCss, createBuildsRoot, editFirstTemplate, writeChangeList } from '../server/lifecycle/build-fixtures.ts';

const catalog = readBuiltCatalog();
const [edited, unchanged] = catalog.templates;
const cacheOf = (answer: SentAnswer) => answer.headers['x-cache'];
const FIRST = '20260101T000000Z-aaaa';
const EDIT = '20260101T000100Z-bbbb';
const CSS = '20260101T000200Z-cccc';

describeWithStackTools('publishing behind the shipped VCL, haproxy and two instances', () => {
  const root = createBuildsRoot();
  let stack: Stack;
  let css = { before: '', after: '' };

  /** Publishes `dir` and resolves once both instances serve it and have purged the edge. */
  async function publishAndPurge(dir: string, id: string): Promise<void> {
    root.publish(dir);
    await Promise.all(stack.apps.map((app) => withTimeout(app.waitForLog((e) => e.msg === 'cdn purged' && e.build === id), 15_000, `${app.url} purging for ${id}`)));
  }

  beforeAll(async () => {
    root.publish(root.addBuild(FIRST));
    stack = await startStack({
      distDir: root.distDir,
      ports: { edge: 0, lb: 0, apps: [0, 0], redis: 0 },
      env: { LOG_LEVEL: 'info', REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' },
      spawn: { requestLines: false },
    });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    root.remove();
  });

  it("purges exactly an edited template's page, twin and JSON by id and slug, and the list and search answers; an unchanged page stays a hit", async () => {
    const changedPaths = [`/templates/${edited!.slug}`, `/templates/${edited!.slug}.md`, `/api/v1/templates/${edited!.id}`, `/api/v1/templates/${edited!.slug}`];
    const word = edited!.title.split(' ')[0]!;
    const groupPaths = [`/api/v1/templates?q=${encodeURIComponent(word)}`, `/search?q=${encodeURIComponent(word)}`];
    const steady = `/templates/${unchanged!.slug}`;
    for (const path of [...changedPaths, ...groupPaths, steady]) {
      await requestFrom(stack.edgeUrl + path);
      expect(cacheOf(await requestFrom(stack.edgeUrl + path)), path).toBe('hit');
    }
    let title = '';
    const next = root.addBuild(EDIT, (dir) => {
      const edit = editFirstTemplate(dir, 'Edited');
      title = edit.title;
      writeChangeList(dir, { previous: FIRST, paths: { changed: edit.paths, added: [], removed: [] }, templates: { changed: [edit.id], added: [], removed: [] } });
    });
    await publishAndPurge(next, EDIT);
    for (const path of [...changedPaths, ...groupPaths]) {
      const answer = await requestFrom(stack.edgeUrl + path, { headers: { 'Accept-Encoding': 'identity' } });
      expect([answer.status, cacheOf(answer)], path).toEqual([200, 'miss']);
      expect(answer.body.toString('utf8'), path).toContain(title);
    }
    expect(cacheOf(await requestFrom(stack.edgeUrl + steady))).toBe('hit');
  }, 40_000);

  it("answers the previous build's CSS with 200 after a switch, at the edge and at the origin", async () => {
    const page = `/templates/${unchanged!.slug}`;
    const oldPage = (await requestFrom(stack.edgeUrl + page, { headers: { 'Accept-Encoding': 'identity' } })).body.toString('utf8');
    const next = root.addBuild(CSS, (dir) => (css = changeBaseCss(dir, 'Skew1234'))); // no change list: everything is purged
    expect(oldPage).toContain(css.before);
    await publishAndPurge(next, CSS);
    const newPage = (await requestFrom(stack.edgeUrl + page, { headers: { 'Accept-Encoding': 'identity' } })).body.toString('utf8');
    expect(newPage).toContain(css.after);
    for (const base of [stack.edgeUrl, stack.lbUrl, ...stack.apps.map((a) => a.url)]) {
      for (const path of [css.before, css.after]) {
        const answer = await requestFrom(base + path, { headers: { 'Accept-Encoding': 'gzip' } });
        expect(answer.status, `${base}${path}`).toBe(200);
      }
    }
  }, 40_000);

  it('loses no request when an instance is killed (SIGKILL) under bounded load', async () => {
    const hot = catalog.templates.slice(0, 20).map((t) => `/templates/${t.slug}`);
    const requests = Array.from({ length: 3000 }, (_, i) =>
      i % 2 ? hot[i % hot.length]! : `/api/v1/templates?q=${encodeURIComponent(catalog.templates[i % catalog.templates.length]!.title.split(' ')[0]!)}&offset=${i}`,
    );
    const failures: string[] = [];
    let done = 0;
    let killedAt = -1;
    const killer = (async () => {
      while (done < 600) await new Promise((r) => setTimeout(r, 5));
      killedAt = done;
      process.kill(stack.apps[0]!.pid, 'SIGKILL');
    })();
    await runBounded(requests, 16, async (path, i) => {
      const answer = await requestFrom(stack.edgeUrl + path, { from: `127.0.1.${(i % 200) + 1}` }).catch((err: Error) => ({ status: 0, headers: {}, body: Buffer.from(err.message) }));
      if (answer.status !== 200) failures.push(`${path}: ${answer.status} ${answer.body.toString('utf8').slice(0, 120)}`);
      done++;
    });
    await killer;
    expect(await stack.apps[0]!.exited).toBeNull(); // killed, not exited
    expect(killedAt).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);
});
