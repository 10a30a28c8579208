import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, type Stack } from '../../scripts/lib/stack.ts';
import { locateBuildsDir, publishBuild, resolveBuild } from '../../src/publish/build-layout.ts';
import { changeListSchema, type ChangeList } from '../../src/schemas/change-list.ts';
import { requestFrom, type SentAnswer } from '../helpers/request-from.ts';
import { runBounded } from '../helpers/run-bounded.ts';
import { describeWithStackTools } from '../helpers/stack-tools.ts';
import { withTimeout } from '../helpers/wait-for.ts';
import { changeBaseCss } from '../server/lifecycle/build-fixtures.ts';

/**
 * The whole path of a publish as an operator runs it: `npm run build` (scripts/build.ts) of a
 * small catalog behind the shipped VCL, haproxy and two instances; the change list the publish
 * wrote is what the instances purge by.
 */
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'edge-publish-'));
const catalog = join(scratch, 'catalog');
const dist = join(scratch, 'served', 'dist');
const PICK = ['retro-vhs-launch', 'neon-countdown-launch', 'black-friday-countdown', 'summer-sale-splash', 'were-hiring-bold-type', 'meet-the-team-hiring-reel', 'quote-card-testimonial'];
const cacheOf = (answer: SentAnswer) => answer.headers['x-cache'];
const readTemplate = (slug: string) => JSON.parse(readFileSync(join(catalog, `${slug}.json`), 'utf8')) as { id: string; slug: string; title: string };

/** `npm run build` of the scratch catalog into `dist`; the change list it wrote. */
async function publish(): Promise<ChangeList> {
  await run(process.execPath, ['scripts/build.ts'], { env: { ...process.env, CATALOG_DIR: catalog, DIST_DIR: dist, SITE_URL: 'http://localhost:4321', LOG_LEVEL: 'warn' } });
  return changeListSchema.parse(JSON.parse(readFileSync(join(resolveBuild(dist).dir, 'changes.json'), 'utf8')));
}

describeWithStackTools('publishing behind the shipped VCL, haproxy and two instances', () => {
  let stack: Stack;
  let css = { before: '', after: '' };

  /** Resolves once both instances serve build `id` and have purged the edge. */
  async function awaitPurge(id: string): Promise<void> {
    await Promise.all(stack.apps.map((app) => withTimeout(app.waitForLog((e) => e.msg === 'cdn purged' && e.build === id), 15_000, `${app.url} purging for ${id}`)));
  }

  beforeAll(async () => {
    mkdirSync(catalog);
    for (const name of ['_categories.json', '_synonyms.json', '_filter-words.json', ...PICK.map((p) => `${p}.json`)]) cpSync(join('templates', name), join(catalog, name));
    expect((await publish()).mode).toBe('full');
    stack = await startStack({
      distDir: dist,
      ports: { edge: 0, lb: 0, apps: [0, 0], redis: 0 },
      env: { LOG_LEVEL: 'info', REST_RATE_LIMIT: '100000', MCP_RATE_LIMIT: '100000' },
      spawn: { requestLines: false },
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("purges exactly what an edit publish changed (the edited template's page, twin and JSON, the lists and search); every other page stays a hit", async () => {
    const edited = readTemplate('retro-vhs-launch');
    const pages = PICK.flatMap((slug) => [`/templates/${slug}`, `/templates/${slug}.md`]);
    const word = edited.title.split(' ')[0]!;
    const groupPaths = [`/api/v1/templates?q=${encodeURIComponent(word)}`, `/search?q=${encodeURIComponent(word)}`];
    const own = [`/templates/${edited.slug}`, `/templates/${edited.slug}.md`, `/api/v1/templates/${edited.id}`, `/api/v1/templates/${edited.slug}`];
    for (const path of new Set([...pages, ...own, ...groupPaths])) {
      await requestFrom(stack.edgeUrl + path);
      expect(cacheOf(await requestFrom(stack.edgeUrl + path)), path).toBe('hit');
    }
    const title = `${edited.title} Remastered`;
    writeFileSync(join(catalog, `${edited.slug}.json`), JSON.stringify({ ...edited, title }, null, 2));
    const changes = await publish();
    expect(changes.mode).toBe('incremental');
    expect(changes.templates).toEqual({ changed: [edited.id], added: [], removed: [] });
    expect(changes.paths.changed).toEqual(expect.arrayContaining(own));
    await awaitPurge(changes.build);
    for (const path of [...own, ...groupPaths]) {
      const answer = await requestFrom(stack.edgeUrl + path, { headers: { 'Accept-Encoding': 'identity' } });
      expect([answer.status, cacheOf(answer)], path).toEqual([200, 'miss']);
      expect(answer.body.toString('utf8'), path).toContain(title);
    }
    const kept = pages.filter((path) => !changes.paths.changed.includes(path.replace(/\.md$/, '')) && !changes.paths.changed.includes(path));
    expect(kept.length).toBeGreaterThan(0);
    for (const path of kept) expect(cacheOf(await requestFrom(stack.edgeUrl + path)), path).toBe('hit');
  }, 180_000);

  it("answers the previous build's CSS with 200 after a switch, at the edge and at the origin", async () => {
    const page = '/templates/neon-countdown-launch';
    const oldPage = (await requestFrom(stack.edgeUrl + page, { headers: { 'Accept-Encoding': 'identity' } })).body.toString('utf8');
    // A stylesheet edit as a publish of changed code makes it: a build whose pages link a new CSS
    // file (made by hand, with no change list, so the instances purge everything).
    const next = join(locateBuildsDir(dist), '29990101T000000Z-css0');
    cpSync(resolveBuild(dist).dir, next, { recursive: true });
    rmSync(join(next, 'changes.json'));
    css = changeBaseCss(next, 'Skew1234');
    expect(oldPage).toContain(css.before);
    publishBuild(dist, next);
    await awaitPurge('29990101T000000Z-css0');
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
    const hot = PICK.map((slug) => `/templates/${slug}`);
    const words = PICK.map((slug) => slug.split('-')[0]!);
    const requests = Array.from({ length: 3000 }, (_, i) => (i % 2 ? hot[i % hot.length]! : `/api/v1/templates?q=${encodeURIComponent(words[i % words.length]!)}&offset=${i}`));
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
