import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../config/read-config.ts';
import { locateBuildsDir, pruneBuilds } from './build-layout.ts';

/**
 * Old builds are deleted off the publish path: deleting a 10,000-template build (155,000
 * files) takes 13–28 s, which a publish should neither wait for nor make the next one wait
 * for. The publish starts this module as a detached process and returns; it prunes and
 * appends one line to `{DIST_DIR}.builds/.cache/prune.log`.
 */

/** Until the CDN's page lifetime is known here: a day, longer than any page stays at the edge. */
const DEFAULT_ASSET_RETENTION_SECONDS = 86_400;

/** Starts pruning the builds of `distDir` in a process of its own, not waited for. */
export function pruneLater(distDir: string): void {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, DIST_DIR: distDir },
  });
  child.unref();
}

/** Prunes now, as configured (KEEP_BUILDS, ASSET_RETENTION_SECONDS); returns the log line. */
export function pruneNow(env: Record<string, string | undefined> = process.env): string {
  const config = readConfig(env);
  const retentionMs = (config.ASSET_RETENTION_SECONDS ?? DEFAULT_ASSET_RETENTION_SECONDS) * 1000;
  const started = performance.now();
  const { removed, trimmed } = pruneBuilds(config.DIST_DIR, retentionMs, Date.now(), config.KEEP_BUILDS);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `${new Date().toISOString()} pruned in ${seconds} s: removed ${removed.join(', ') || 'none'}; kept only the hashed assets of ${trimmed.join(', ') || 'none'}`;
}

if (import.meta.main) {
  const line = pruneNow();
  const logDir = join(locateBuildsDir(readConfig().DIST_DIR), '.cache');
  mkdirSync(logDir, { recursive: true });
  appendFileSync(join(logDir, 'prune.log'), `${line}\n`);
}
