import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawnServer } from '../../scripts/lib/spawn-server.ts';
import { listAssetSources, locateBuildsDir, publishBuild, pruneBuilds, PRUNE_AFTER_MS, resolveBuild } from '../../src/publish/build-layout.ts';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'ops-layout-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('publishBuild', () => {
  it('points DIST_DIR at the new build in one rename, moving a plain folder of the old layout aside', () => {
    const dist = join(scratch, 'plain', 'dist');
    mkdirSync(join(dist, 'client'), { recursive: true });
    const next = join(locateBuildsDir(dist), '20260101T000000Z-0001');
    mkdirSync(next, { recursive: true });
    publishBuild(dist, next);
    expect(lstatSync(dist).isSymbolicLink()).toBe(true);
    expect(readlinkSync(dist)).toBe('dist.builds/20260101T000000Z-0001'); // relative: the folder can move
    expect(resolveBuild(dist).id).toBe('20260101T000000Z-0001');
    expect(readdirSync(locateBuildsDir(dist)).some((n) => n.endsWith('-legacy'))).toBe(true);
  });
});

/** Build folders named `names`, each with a page, an asset and a change list, all made `ageMs` ago. */
function makeBuilds(dist: string, names: readonly string[], ageMs: number): void {
  const when = (Date.now() - ageMs) / 1000;
  for (const name of names) {
    const dir = join(locateBuildsDir(dist), name);
    mkdirSync(join(dir, 'client', '_astro'), { recursive: true });
    mkdirSync(join(dir, 'server'), { recursive: true });
    writeFileSync(join(dir, 'client', 'index.html'), name);
    writeFileSync(join(dir, 'client', '_astro', `${name}.css`), name);
    writeFileSync(join(dir, 'changes.json'), '{}');
    utimesSync(dir, when, when);
  }
}

const setAge = (dir: string, ageMs: number) => utimesSync(dir, (Date.now() - ageMs) / 1000, (Date.now() - ageMs) / 1000);

const names = ['20260101T000000Z-0001', '20260101T000001Z-0002', '20260101T000002Z-0003', '20260101T000003Z-0004', '20260101T000004Z-0005'];

describe('pruneBuilds', () => {
  it('deletes only builds superseded long ago, keeping the served one and the newest three', () => {
    const dist = join(scratch, 'prune', 'dist');
    makeBuilds(dist, names, PRUNE_AFTER_MS + 60_000);
    setAge(join(locateBuildsDir(dist), names[4]!), 0);
    publishBuild(dist, join(locateBuildsDir(dist), names[0]!)); // an old build still served (a refused newer one)
    expect(pruneBuilds(dist, 0)).toEqual({ removed: [names[1]], trimmed: [] });
    expect(readdirSync(locateBuildsDir(dist)).sort()).toEqual([names[0], names[2], names[3], names[4]]);
  });

  it('keeps only the hashed assets and change list of a build replaced within the retention window', () => {
    const dist = join(scratch, 'retain', 'dist');
    makeBuilds(dist, names, 3 * 3600_000); // every build replaced three hours ago
    setAge(join(locateBuildsDir(dist), names[1]!), 3 * 86_400_000); // build 1 was replaced three days ago
    publishBuild(dist, join(locateBuildsDir(dist), names[4]!));
    const before = readdirSync(locateBuildsDir(dist)).map((n) => lstatSync(join(locateBuildsDir(dist), n)).mtimeMs);
    // Build 0's successor (1) was published three days ago: gone. Build 1's successor (2) three hours ago: trimmed.
    expect(pruneBuilds(dist, 2 * 86_400_000)).toEqual({ removed: [names[0]], trimmed: [names[1]] });
    const trimmed = join(locateBuildsDir(dist), names[1]!);
    expect(readdirSync(trimmed).sort()).toEqual(['changes.json', 'client']);
    expect(readdirSync(join(trimmed, 'client'))).toEqual(['_astro']);
    expect(lstatSync(trimmed).mtimeMs).toBe(before[1]); // still dates its successor's publish for the build before it
    expect(pruneBuilds(dist, 2 * 86_400_000)).toEqual({ removed: [], trimmed: [] }); // nothing more to do
  });

  it('deletes the keyed folders of builds that died, never one of a build newer than the served one', () => {
    const dist = join(scratch, 'keyed', 'dist');
    makeBuilds(dist, names.slice(0, 3), 0); // too new to prune any build
    publishBuild(dist, join(locateBuildsDir(dist), names[1]!));
    for (const name of [names[0], names[1], names[3]]) {
      mkdirSync(join(locateBuildsDir(dist), `${name}.keyed`, 'posters'), { recursive: true });
      writeFileSync(join(locateBuildsDir(dist), `${name}.keyed`, 'posters', 'a.png'), 'left by a killed build');
    }
    expect(pruneBuilds(dist, 0)).toEqual({ removed: [`${names[0]}.keyed`, `${names[1]}.keyed`], trimmed: [] });
    expect(readdirSync(locateBuildsDir(dist)).sort()).toEqual([names[0], names[1], names[2], `${names[3]}.keyed`]); // a publish may be writing it
  });
});

describe('listAssetSources', () => {
  it('names the served build and the earlier ones replaced within the window, newest first, never a newer one', () => {
    const dist = join(scratch, 'sources', 'dist');
    const builds = locateBuildsDir(dist);
    makeBuilds(dist, names, 3 * 3600_000);
    setAge(join(builds, names[1]!), 3 * 86_400_000); // so build 0 left the window long ago
    publishBuild(dist, join(builds, names[3]!)); // build 4 is still being written
    const client = (i: number) => join(builds, names[i]!, 'client');
    expect(listAssetSources(dist, join(builds, names[2]!), 86_400_000)).toEqual([client(3), client(1)]);
    expect(listAssetSources(dist, join(builds, names[3]!), 86_400_000)).toEqual([client(2), client(1)]);
    expect(listAssetSources(dist, join(builds, names[3]!), 0)).toEqual([]);
  });
});

describe('npm run build with DIST_DIR outside the checkout', () => {
  it('serves a build there (on-demand pages too), and a build made there goes live in the running server', async () => {
    const dist = join(scratch, 'srv', 'catalog', 'dist');
    // The build made there is of a three-template catalog: where it is built is what is tested,
    // and the sample catalog's 67 templates cost ~10 s more CPU (34.5 → 24.6 s for the file).
    const env = { ...process.env, DIST_DIR: dist, CATALOG_DIR: 'tests/fixtures/catalog-small', SITE_URL: 'http://localhost:4321' };
    // The first build is the test build, hard-linked into place (one real build is enough to
    // show that building there works).
    const firstId = '20260101T000000Z-test';
    mkdirSync(locateBuildsDir(dist), { recursive: true });
    await run('cp', ['-al', inject('distDir'), join(locateBuildsDir(dist), firstId)]);
    publishBuild(dist, join(locateBuildsDir(dist), firstId));
    const server = await spawnServer({ DIST_DIR: dist });
    try {
      for (const path of ['/api/v1/templates?limit=1', '/search?q=launch', '/docs', '/']) {
        expect((await fetch(server.url + path)).status, path).toBe(200);
      }
      const { stdout } = await run(process.execPath, ['scripts/build.ts', '--silent'], { env });
      expect(stdout).toContain('Published the build');
      expect(lstatSync(dist).isSymbolicLink()).toBe(true);
      const secondId = resolveBuild(dist).id;
      expect(secondId).not.toBe(firstId);
      const live = await server.waitForLog((e) => e.msg === 'build live' && e.build === secondId);
      expect(live.previous).toBe(firstId);
      expect((await fetch(`${server.url}/search?q=launch`)).status).toBe(200);
      expect(existsSync(join(locateBuildsDir(dist), firstId))).toBe(true); // kept: superseded moments ago
    } finally {
      await server.stop();
    }
  }, 180_000);
});
