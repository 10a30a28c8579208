import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { removeStaleKeyedDirs } from './keyed-folder.ts';

/**
 * Builds on disk: each build is an immutable folder `{DIST_DIR}.builds/<build-id>/`, and
 * `DIST_DIR` itself is a symlink to the one being served, replaced in one rename. A server
 * resolves the link once per load and reads only the real folder, so a newer build never
 * changes the files under an older one still answering requests. A plain folder at `DIST_DIR`
 * (an `astro build` without `npm run build`) is served as it is.
 */

/** Builds not in use are deleted once superseded this long ago (in-flight requests are long done). */
export const PRUNE_AFTER_MS = 10 * 60_000;
/** The newest builds kept whatever their age, the served one among them (KEEP_BUILDS in the configuration). */
export const KEEP_BUILDS = 3;

/** Build folder names (createBuildId, `-legacy` for a moved plain folder); anything else there (the reuse cache) is no build. */
const BUILD_NAME = /^\d{8}T\d{6}Z-[\w-]+$/;

/** Where the immutable build folders of `distDir` live. */
export function locateBuildsDir(distDir: string): string {
  const abs = resolve(distDir);
  return `${abs}.builds`;
}

/** A build id that sorts by time: `20261122T181022Z-3fa9`. */
export function createBuildId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${Math.floor(Math.random() * 0x10000).toString(16).padStart(4, '0')}`;
}

/** The build `distDir` names now: its real folder, an id, and a key that changes whenever the build does. */
export interface BuildLocation {
  dir: string;
  id: string;
  key: string;
}

/** Follows `distDir` to its real folder; throws (ENOENT) when there is none. */
export function resolveBuild(distDir: string): BuildLocation {
  const dir = realpathSync(distDir);
  const { ino } = statSync(dir);
  return { dir, id: basename(dir), key: `${dir}:${ino}` };
}

/**
 * Makes `builtDir` (a folder inside `locateBuildsDir(distDir)`) the served build: a new symlink
 * renamed over `distDir`, so readers see either the old build or the new one, never neither.
 * A plain folder left at `distDir` by an older layout is first moved among the builds.
 */
export function publishBuild(distDir: string, builtDir: string): void {
  const abs = resolve(distDir);
  const stat = lstatSync(abs, { throwIfNoEntry: false });
  if (stat?.isDirectory()) renameSync(abs, join(locateBuildsDir(distDir), `${createBuildId(stat.mtime)}-legacy`));
  const temp = `${abs}.link-${process.pid}`;
  rmSync(temp, { force: true });
  symlinkSync(relative(dirname(abs), builtDir), temp);
  renameSync(temp, abs);
}

/** A fresh, empty folder for the next build. */
export function createBuildDir(distDir: string): string {
  const dir = join(locateBuildsDir(distDir), createBuildId());
  mkdirSync(dir, { recursive: true });
  return dir;
}

interface BuildEntry {
  name: string;
  path: string;
  /** When the folder last changed: the end of its build (a build folder is never written after). */
  mtime: number;
}

/** The build folders of `distDir`, oldest first (ids sort by time). */
function listBuilds(distDir: string): BuildEntry[] {
  const located = locateBuildsDir(distDir);
  if (!existsSync(located)) return [];
  const buildsDir = realpathSync(located); // as a served build's path reads
  return readdirSync(buildsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && BUILD_NAME.test(e.name))
    .map((e) => ({ name: e.name, path: join(buildsDir, e.name), mtime: statSync(join(buildsDir, e.name)).mtimeMs }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Kept beside the hashed assets of a trimmed build: a server that skipped builds follows the change lists back. */
const KEPT_FILES = new Set(['changes.json']);

/**
 * Reduces a build to `client/_astro/` (what edge-cached pages still link) and its change list,
 * keeping the folder's mtime, which dates its successor's publish for the build before it.
 * False when there was nothing left to remove.
 */
function trimToAssets(build: BuildEntry): boolean {
  const client = join(build.path, 'client');
  const extra = [
    ...readdirSync(build.path).filter((e) => e !== 'client' && !KEPT_FILES.has(e)).map((e) => join(build.path, e)),
    ...(existsSync(client) ? readdirSync(client).filter((e) => e !== '_astro').map((e) => join(client, e)) : []),
  ];
  if (extra.length === 0) return false;
  for (const path of extra) rmSync(path, { recursive: true, force: true });
  utimesSync(build.path, new Date(build.mtime), new Date(build.mtime));
  return true;
}

/** What a prune did: builds deleted, and builds reduced to the hashed assets still linked from edge caches. */
export interface PruneResult {
  removed: string[];
  trimmed: string[];
}

/**
 * Prunes builds that are neither served nor among the newest `keep` and whose successor
 * was published more than PRUNE_AFTER_MS ago: within `retentionMs` of that publish a build
 * keeps its hashed assets (`client/_astro/`, served to pages cached at the edge before the
 * switch), after it the folder is deleted. A build another prune removed meanwhile is skipped.
 * Keyed folders left by builds that died go too (keyed-folder.ts).
 */
export function pruneBuilds(distDir: string, retentionMs: number, now = Date.now(), keep = KEEP_BUILDS): PruneResult {
  const served = existsSync(distDir) ? realpathSync(distDir) : undefined;
  const builds = listBuilds(distDir);
  const result: PruneResult = { removed: [], trimmed: [] };
  builds.forEach((b, i) => {
    const successor = builds[i + 1];
    if (b.path === served || i >= builds.length - keep || !successor) return;
    const age = now - successor.mtime;
    if (age < PRUNE_AFTER_MS) return;
    try {
      if (age < retentionMs) {
        if (trimToAssets(b)) result.trimmed.push(b.name);
        return;
      }
      rmSync(b.path, { recursive: true, force: true });
      result.removed.push(b.name);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  });
  if (served) result.removed.push(...removeStaleKeyedDirs(dirname(served), basename(served), (name) => BUILD_NAME.test(name)));
  return result;
}

/**
 * Client folders whose hashed assets a server of `selfDir` also serves, newest first: the
 * build `distDir` names now (a page it served may already be cached at the edge) and the
 * builds before it whose successor was published less than `retentionMs` ago. Builds newer
 * than the served one are still being written and never count.
 */
export function listAssetSources(distDir: string, selfDir: string, retentionMs: number, now = Date.now()): string[] {
  let served: string;
  try {
    served = realpathSync(distDir);
  } catch {
    return [];
  }
  const builds = listBuilds(distDir);
  const last = builds.findIndex((b) => b.path === served);
  const sources: string[] = [];
  for (let i = last; i >= 0; i--) {
    const b = builds[i]!;
    if (b.path === selfDir) continue;
    if (i === last || now - builds[i + 1]!.mtime < retentionMs) sources.push(join(b.path, 'client'));
  }
  return sources;
}
