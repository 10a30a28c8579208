import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBuildManifest } from './build-manifest.ts';
import { linkReused } from './link-reused.ts';
import { indexServedFiles, type SourceBuild } from './plan-publish.ts';
import { readReuseCache } from './reuse-cache.ts';

/**
 * The next build, prepared ahead: right after a publish, a background process hard-links every
 * keyed page of the new build (with its siblings) into `{DIST_DIR}.builds/.staging/<build>/`.
 * The next publish from that build takes the folder over, and instead of linking ~16 files per
 * template on its own path it only removes the few pages it renders again (before Astro writes
 * them, so nothing is written through a link) and those the catalog no longer has. Without a
 * ready folder (the preparation still running, or another build since) it links as before.
 */

const READY = 'ready';

/** Where the next build after `build` is prepared. */
export function locateStaging(buildsDir: string, build: string): string {
  return join(buildsDir, '.staging', build);
}

/** Served path → files, of the keyed pages of `source` that its reuse cache names. */
function listStaged(source: SourceBuild, keys: Iterable<string>): string[] {
  return [...keys].filter((path) => source.files.has(path));
}

/**
 * Prepares the staging folder of `build` (the newest of `catalogDir`), removing any other
 * staging folder first. Does nothing when the reuse cache names another build. Returns the
 * number of pages staged, or null.
 */
export function prepareStaging(buildsDir: string, catalogDir: string, build: string): number | null {
  const reading = readReuseCache(buildsDir, catalogDir);
  const root = join(buildsDir, '.staging');
  if (existsSync(root)) for (const name of readdirSync(root)) if (name !== build) rmSync(join(root, name), { recursive: true, force: true });
  if (!('cache' in reading) || reading.cache.build !== build) return null;
  const dir = join(buildsDir, build);
  const manifest = readBuildManifest(dir);
  const source = { dir, manifest, files: indexServedFiles(manifest) };
  const target = locateStaging(buildsDir, build);
  rmSync(target, { recursive: true, force: true });
  const staged = listStaged(source, reading.cache.keys.keys());
  linkReused(source, target, staged);
  writeFileSync(join(target, READY), build); // last: a folder without it is never taken
  return staged.length;
}

/**
 * Takes the ready staging folder of `source` over as `target` (an empty new build folder).
 * Returns the served paths it holds (those of `reusable`), or null when none was ready.
 */
export function claimStaging(buildsDir: string, source: SourceBuild, reusable: ReadonlyMap<string, string>, target: string): Set<string> | null {
  const build = source.manifest.build;
  const staging = locateStaging(buildsDir, build);
  try {
    if (readFileSync(join(staging, READY), 'utf8') !== build) return null;
    rmSync(join(staging, READY));
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  } catch {
    return null;
  }
  return new Set(listStaged(source, reusable.keys()));
}
