import { linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateBuildsDir, publishBuild, PRUNE_AFTER_MS } from '../../src/publish/build-layout.ts';
import { pruneNow } from '../../src/publish/after-publish.ts';
import { locateRasterCache } from '../../src/publish/raster-cache.ts';

const scratch = mkdtempSync(join(tmpdir(), 'prune-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const names = ['20260101T000000Z-0001', '20260101T000001Z-0002', '20260101T000002Z-0003', '20260101T000003Z-0004'];

/** Builds published long ago (beyond any retention), the last one served, and a reuse cache beside them. */
function makeBuilds(dist: string): void {
  const old = (Date.now() - PRUNE_AFTER_MS - 3 * 86_400_000) / 1000;
  for (const name of names) {
    mkdirSync(join(locateBuildsDir(dist), name, 'client', '_astro'), { recursive: true });
    writeFileSync(join(locateBuildsDir(dist), name, 'client', 'index.html'), name);
    utimesSync(join(locateBuildsDir(dist), name), old, old);
  }
  mkdirSync(join(locateBuildsDir(dist), '.cache'), { recursive: true });
  writeFileSync(join(locateBuildsDir(dist), '.cache', 'x.tsv'), '');
  utimesSync(join(locateBuildsDir(dist), '.cache'), old, old);
  publishBuild(dist, join(locateBuildsDir(dist), names.at(-1)!));
}

describe('pruneNow', () => {
  it('keeps KEEP_BUILDS builds and the reuse cache, deleting older builds past the retention window', () => {
    const dist = join(scratch, 'keep-2', 'dist');
    makeBuilds(dist);
    expect(pruneNow({ DIST_DIR: dist, KEEP_BUILDS: '2', ASSET_RETENTION_SECONDS: '86400' })).toMatch(/removed 20260101T000000Z-0001, 20260101T000001Z-0002;/);
    expect(readdirSync(locateBuildsDir(dist)).sort()).toEqual(['.cache', names[2], names[3]]);
  });

  it('then deletes the raster cache entries only the deleted builds linked, in the same pass', () => {
    const dist = join(scratch, 'raster', 'dist');
    makeBuilds(dist);
    const cache = locateRasterCache(locateBuildsDir(dist));
    mkdirSync(cache, { recursive: true });
    // each entry is a social image of one build, linked as the compress workers link them
    names.forEach((name, n) => {
      const image = join(locateBuildsDir(dist), name, 'client', 'social.png');
      writeFileSync(image, `image ${n}`);
      linkSync(image, join(cache, `${n}.png`));
    });
    expect(pruneNow({ DIST_DIR: dist, KEEP_BUILDS: '2', ASSET_RETENTION_SECONDS: '86400' })).toMatch(/removed 20260101T000000Z-0001, 20260101T000001Z-0002;.*; deleted 2 raster cache entries no build links$/);
    expect(readdirSync(cache).sort()).toEqual(['2.png', '3.png']);
  });

  it('keeps only the hashed assets of a build replaced within ASSET_RETENTION_SECONDS', () => {
    const dist = join(scratch, 'retain', 'dist');
    makeBuilds(dist);
    expect(pruneNow({ DIST_DIR: dist, KEEP_BUILDS: '1', ASSET_RETENTION_SECONDS: String(10 * 86_400) })).toMatch(/removed none; kept only the hashed assets of 20260101T000000Z-0001, 20260101T000001Z-0002, 20260101T000002Z-0003/);
    expect(readdirSync(join(locateBuildsDir(dist), names[0]!, 'client'))).toEqual(['_astro']);
  });
});
