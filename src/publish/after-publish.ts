import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../config/read-config.ts';
import { resolveAssetRetention } from '../core/cdn/cache-policy.ts';
import { locateBuildsDir, pruneBuilds } from './build-layout.ts';
import { locateCompileCache, trimCompileCache } from './compile-cache.ts';
import { pruneRasterCache } from './raster-cache.ts';
import { prepareStaging } from './staging.ts';

/**
 * What follows a publish, off its path: preparing the next build's links (staging.ts), then
 * deleting old builds (a 10,000-template build is 155,000 files, 13–28 s to delete). The
 * publish starts this module as a detached process and returns; it appends one line to
 * `{DIST_DIR}.builds/.cache/after-publish.log`.
 */

/** Starts the work after publishing `build` into `distDir` in a process of its own, not waited for. */
export function startAfterPublish(distDir: string, build: string): void {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), build], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, DIST_DIR: distDir },
  });
  child.unref();
  // At the lowest CPU priority: linking ~900,000 files at 50,000 templates must not slow the
  // running servers loading the build just published. A 50,000-template reload took 1.8 s with
  // it at normal priority, 0.9 s niced, 0.87 s without it (BENCHMARKS.md, reload; ionice does
  // nothing on this disk's mq-deadline scheduler).
  try {
    setPriority(child.pid!, 19);
  } catch {
    // the process already ended, or the system refuses: it only runs sooner
  }
}

/** Prunes now, as configured (KEEP_BUILDS, ASSET_RETENTION_SECONDS); returns the log line. */
export function pruneNow(env: Record<string, string | undefined> = process.env): string {
  const config = readConfig(env);
  const retentionMs = resolveAssetRetention(config.ASSET_RETENTION_SECONDS) * 1000;
  const started = performance.now();
  const { removed, trimmed } = pruneBuilds(config.DIST_DIR, retentionMs, Date.now(), config.KEEP_BUILDS);
  const cache = trimCompileCache(locateCompileCache(config.DIST_DIR));
  // after the builds: the images only they held leave the raster cache in the same pass
  const images = pruneRasterCache(locateBuildsDir(config.DIST_DIR));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `pruned in ${seconds} s: removed ${removed.join(', ') || 'none'}; kept only the hashed assets of ${trimmed.join(', ') || 'none'}${cache ? `; ${(cache / 1_048_576).toFixed(0)} MB of the servers' compile cache` : ''}${images ? `; deleted ${images} raster cache entries no build links` : ''}`;
}

/** Prepares the next build after `build` (its keyed pages linked ahead); returns the log line. */
export function stageNow(build: string, env: Record<string, string | undefined> = process.env): string {
  const config = readConfig(env);
  const started = performance.now();
  const staged = prepareStaging(locateBuildsDir(config.DIST_DIR), config.CATALOG_DIR, build);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return staged === null ? `nothing staged (${build} is no longer the newest build of its catalog)` : `staged ${staged} pages of ${build} in ${seconds} s`;
}

if (import.meta.main) {
  const log = join(locateBuildsDir(readConfig().DIST_DIR), '.cache');
  mkdirSync(log, { recursive: true });
  const write = (line: string) => appendFileSync(join(log, 'after-publish.log'), `${new Date().toISOString()} ${line}\n`);
  // Staging first: it is what the next publish waits on; deleting old builds can come after.
  for (const step of [() => stageNow(process.argv[2]!), () => pruneNow()]) {
    try {
      write(step());
    } catch (err) {
      write(`failed: ${(err as Error).message}`);
    }
  }
}
