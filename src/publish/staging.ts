import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifestHead, readManifestSegment } from './build-manifest.ts';
import { linkRecords } from './link-reused.ts';
import { readReuseCache } from './reuse-cache.ts';

/**
 * The next build, prepared ahead: right after a publish, a background process hard-links every
 * keyed output of the new build (with its siblings) into `{DIST_DIR}.builds/.staging/<build>/`.
 * The next publish from that build takes the folder over: it removes the few outputs it
 * rendered again or no longer has and moves in what it wrote, instead of linking ~16 files per
 * template on its own path. Without a ready folder it links from the previous build itself.
 */

const READY = 'ready';

/** Where the next build after `build` is prepared. */
export function locateStaging(buildsDir: string, build: string): string {
  return join(buildsDir, '.staging', build);
}

const stampOf = (path: string) => {
  const s = statSync(path, { bigint: true, throwIfNoEntry: false });
  return s ? `${s.mtimeNs}:${s.ctimeNs}` : 'gone';
};

/**
 * Each folder of a staged tree (`.` its root) with its change times: adding, removing or
 * renaming an entry in a folder changes them, so folders that still show the times staging saw
 * hold what it made. Checking them costs a stat per folder, not a read of ~900,000 names.
 */
function stampFolders(root: string): Record<string, string> {
  const stamps: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) if (e.isDirectory()) walk(rel === '.' ? e.name : `${rel}/${e.name}`);
    stamps[rel] = stampOf(join(root, rel)); // after its entries were read: reading changes no time
  };
  walk('.');
  return stamps;
}

/**
 * Prepares the staging folder of `build` (the newest of `catalogDir`), removing any other
 * staging folder first. Does nothing when the reuse cache names another build. Returns the
 * number of keyed outputs staged, or null.
 */
export function prepareStaging(buildsDir: string, catalogDir: string, build: string): number | null {
  const reading = readReuseCache(buildsDir, catalogDir);
  const root = join(buildsDir, '.staging');
  if (existsSync(root)) for (const name of readdirSync(root)) if (name !== build) rmSync(join(root, name), { recursive: true, force: true });
  if (!('cache' in reading) || reading.cache.build !== build) return null;
  const dir = join(buildsDir, build);
  const head = readManifestHead(dir);
  const target = locateStaging(buildsDir, build);
  rmSync(target, { recursive: true, force: true });
  let staged = 0;
  for (let n = 0; n < head.segments.length; n++) staged += linkRecords(dir, target, readManifestSegment(dir, n, head.segments.length).keyed);
  const client = join(target, 'client');
  // last: a folder without it is never taken
  writeFileSync(join(target, READY), JSON.stringify({ build, folders: existsSync(client) ? stampFolders(client) : {} }));
  return staged;
}

/** A staged tree taken over, or why none could be. */
export type Claim = { client: string } | { problem: string };

/**
 * Takes the ready staging folder of `source` over: its `client/` tree moves to `target`.
 * Refuses a folder not ready, made for another build, or changed since it was made.
 */
export function claimStaging(buildsDir: string, source: string, target: string): Claim {
  const staging = locateStaging(buildsDir, source);
  let ready: { build?: unknown; folders?: Record<string, string> };
  try {
    ready = JSON.parse(readFileSync(join(staging, READY), 'utf8')) as typeof ready;
  } catch {
    return { problem: 'no staged build is ready' };
  }
  if (ready.build !== source || !ready.folders) return { problem: `the staged build was made for ${String(ready.build)}` };
  const client = join(staging, 'client');
  const changed = Object.entries(ready.folders).filter(([folder, stamp]) => stampOf(join(client, folder)) !== stamp).map(([folder]) => folder);
  if (changed.length) return { problem: `the staged build was changed after it was made (${changed.slice(0, 3).join(', ')})` };
  rmSync(join(staging, READY));
  if (existsSync(client)) renameSync(client, target);
  else mkdirSync(target);
  rmSync(staging, { recursive: true, force: true });
  return { client: target };
}
