import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { locateBuildsDir } from './build-layout.ts';

/**
 * Where `npm run serve` and `npm run build` keep Node's compile cache: beside the builds, not in
 * the shared temp folder. Each build's server and prerender bundles sit at paths of their own,
 * so every build adds entries no later build reuses (Node never removes any); kept here, they
 * are trimmed after each publish (trimCompileCache) and go with the builds folder.
 */
export function locateCompileCache(distDir: string): string {
  return join(locateBuildsDir(distDir), '.cache', 'compile');
}

/** Past this, the oldest entries go: a few builds' server bundles beside the service's own code. */
export const COMPILE_CACHE_MAX_BYTES = 64 * 1_048_576;

/**
 * Removes the least recently written entries of a compile cache until it holds at most half of
 * `maxBytes`, once it holds more than `maxBytes`. An entry removed is only compiled again by
 * the next process that needs it. Returns the bytes removed.
 */
export function trimCompileCache(dir: string, maxBytes = COMPILE_CACHE_MAX_BYTES): number {
  let entries: { path: string; size: number; mtimeMs: number }[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const path = join(e.parentPath, e.name);
        const { size, mtimeMs } = statSync(path);
        return { path, size, mtimeMs };
      });
  } catch {
    return 0; // no cache yet
  }
  let total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total <= maxBytes) return 0;
  let removed = 0;
  for (const e of entries.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
    if (total <= maxBytes / 2) break;
    rmSync(e.path, { force: true });
    total -= e.size;
    removed += e.size;
  }
  return removed;
}
