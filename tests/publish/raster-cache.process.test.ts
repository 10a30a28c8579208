import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { digestText } from '../../src/core/catalog/digest-template.ts';
import { locateBuildsDir, resolveBuild } from '../../src/publish/build-layout.ts';
import { checkPng, locateRasterCache, pruneRasterCache } from '../../src/publish/raster-cache.ts';
import { locateReuseCache } from '../../src/publish/reuse-cache.ts';
import { listFiles } from '../../src/publish/scan-files.ts';

/**
 * Real publishes of a small catalog (`npm run build`'s script) sharing one raster cache: a
 * full build that finds its social images there draws none and still writes what a clean build
 * writes, a damaged entry is never published, and entries no build holds are pruned.
 */
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'raster-cache-'));
const catalog = join(scratch, 'catalog');
const dist = join(scratch, 'served', 'dist');
const buildsDir = locateBuildsDir(dist);
const cacheDir = locateRasterCache(buildsDir);
const PICK = ['retro-vhs-launch', 'neon-countdown-launch', 'summer-sale-splash', 'quote-card-testimonial'];
mkdirSync(catalog);
for (const name of ['_categories.json', '_synonyms.json', ...PICK.map((p) => `${p}.json`)]) cpSync(join('templates', name), join(catalog, name));
const env = { ...process.env, CATALOG_DIR: catalog, DIST_DIR: dist, SITE_URL: 'http://localhost:4321', LOG_LEVEL: 'warn', SOURCE_DATE_EPOCH: '1700000000' };
let publishes = 0;

afterAll(async () => {
  await waitForAfterPublish(); // it writes beside the builds: gone before the folder goes
  rmSync(scratch, { recursive: true, force: true });
});

/** Waits until the process after each publish so far has staged and pruned (two log lines each). */
async function waitForAfterPublish(): Promise<void> {
  const log = join(buildsDir, '.cache', 'after-publish.log');
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').trimEnd().split('\n').length : 0);
  for (const deadline = Date.now() + 60_000; lines() < 2 * publishes && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
}

/** Publishes the catalog (after the previous publish's after-work); returns its output and the images it drew and took from the cache. */
async function publish(args: string[] = []): Promise<{ stdout: string; drawn: number; cached: number }> {
  await waitForAfterPublish();
  const { stdout } = await run(process.execPath, ['scripts/build.ts', ...args], { env });
  publishes++;
  const [, drawn, cached] = /social images: (\d+) drawn, (\d+) from the raster cache/.exec(stdout) ?? [];
  return { stdout, drawn: Number(drawn), cached: Number(cached) };
}

const client = () => join(resolveBuild(dist).dir, 'client');
/** Every file of the served build by content hash. */
const fingerprint = () => new Map(listFiles(client()).map((f) => [f, digestText(readFileSync(join(client(), f)))]));
const differences = (a: Map<string, string>, b: Map<string, string>) => [...new Set([...a.keys(), ...b.keys()])].filter((n) => a.get(n) !== b.get(n));
const entries = () => readdirSync(cacheDir).sort();
const inodes = (paths: string[]) => new Set(paths.map((p) => statSync(p).ino));
const servedImages = () => listFiles(client()).filter((f) => f.endsWith('.png')).map((f) => join(client(), f));

describe('the raster cache', () => {
  let clean: Map<string, string>;

  it('lets a full build take every image whose SVG it has drawn before, writing what a clean build writes', async () => {
    const first = await publish();
    expect(first).toMatchObject({ drawn: PICK.length, cached: 0 });
    clean = fingerprint();
    expect(entries()).toHaveLength(PICK.length);

    rmSync(locateReuseCache(buildsDir, catalog)); // the reuse cache lost: a full build
    const second = await publish();
    expect(second.stdout).toContain('full build (no earlier build of this catalog folder to reuse)');
    expect(second).toMatchObject({ drawn: 0, cached: PICK.length });
    expect(differences(fingerprint(), clean)).toEqual([]);
    // The published images are the cache's files, linked: no copy, no second image on disk.
    expect(inodes(servedImages())).toEqual(inodes(entries().map((e) => join(cacheDir, e))));
  }, 180_000);

  it('draws a damaged entry again: the clean build\'s bytes are published and the entry replaced', async () => {
    await waitForAfterPublish(); // its prune would drop the damaged files below (no build links them) before the build sees them
    const [flipped, cut] = entries();
    const damage = (name: string, change: (png: Buffer) => Buffer) => {
      const png = readFileSync(join(cacheDir, name));
      unlinkSync(join(cacheDir, name)); // a file of its own: the builds that link the entry keep theirs whole
      writeFileSync(join(cacheDir, name), change(png));
    };
    damage(flipped!, (png) => {
      png[Math.floor(png.length / 2)]! ^= 0x40;
      return png;
    });
    damage(cut!, (png) => png.subarray(0, Math.floor((png.length * 2) / 3)));

    const third = await publish(['--full']);
    expect(third.stdout).toContain('raster cache: 2 damaged entries drawn again and replaced');
    expect(third).toMatchObject({ drawn: 2, cached: PICK.length - 2 });
    expect(differences(fingerprint(), clean)).toEqual([]);
    for (const name of [flipped!, cut!]) {
      const entry = readFileSync(join(cacheDir, name));
      expect(checkPng(entry, crc32, 1200, 630)).toBeNull();
      expect(inodes(servedImages()).has(statSync(join(cacheDir, name)).ino), name).toBe(true);
    }
  }, 180_000);

  it('prunes the entries no build links any more, and only those', async () => {
    const file = join(catalog, 'summer-sale-splash.json');
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), title: 'Summer Sale Splash Reprised' }));
    const edited = await publish();
    expect(edited).toMatchObject({ drawn: 1, cached: 0 }); // the other pages were reused whole, images with them
    expect(entries()).toHaveLength(PICK.length + 1); // the old image is still held by the earlier builds
    await waitForAfterPublish(); // its own prune ran: nothing to remove while the builds are kept

    expect(entries()).toHaveLength(PICK.length + 1);
    const served = resolveBuild(dist).id;
    for (const name of readdirSync(buildsDir)) if (/^\d{8}T/.test(name) && name !== served) rmSync(join(buildsDir, name), { recursive: true });
    expect(pruneRasterCache(buildsDir)).toBe(1);
    expect(inodes(entries().map((e) => join(cacheDir, e)))).toEqual(inodes(servedImages()));
    expect(pruneRasterCache(buildsDir)).toBe(0);
  }, 180_000);
});
