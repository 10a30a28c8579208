import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

/**
 * Builds on disk: each build is an immutable folder `{DIST_DIR}.builds/<build-id>/`, and
 * `DIST_DIR` itself is a symlink to the one being served, replaced in one rename. A server
 * resolves the link once per load and reads only the real folder, so a newer build never
 * changes the files under an older one still answering requests. A plain folder at `DIST_DIR`
 * (an `astro build` without `npm run build`) is served as it is.
 */

/** Builds not in use are deleted once superseded this long ago (in-flight requests are long done). */
export const PRUNE_AFTER_MS = 10 * 60_000;
/** The newest builds kept whatever their age, the served one among them. */
export const KEEP_BUILDS = 3;

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

/**
 * Deletes builds that are neither served nor among the newest KEEP_BUILDS and whose successor
 * was published more than PRUNE_AFTER_MS ago. Returns the names deleted.
 */
export function pruneBuilds(distDir: string, now = Date.now()): string[] {
  const buildsDir = locateBuildsDir(distDir);
  if (!existsSync(buildsDir)) return [];
  const served = existsSync(distDir) ? realpathSync(distDir) : undefined;
  const builds = readdirSync(buildsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ name: e.name, path: join(buildsDir, e.name), mtime: statSync(join(buildsDir, e.name)).mtimeMs }))
    .sort((a, b) => a.name.localeCompare(b.name)); // ids sort by time
  const removed: string[] = [];
  builds.forEach((b, i) => {
    const successor = builds[i + 1];
    if (b.path === served || i >= builds.length - KEEP_BUILDS || !successor) return;
    if (now - successor.mtime < PRUNE_AFTER_MS) return;
    rmSync(b.path, { recursive: true, force: true });
    removed.push(b.name);
  });
  return removed;
}
