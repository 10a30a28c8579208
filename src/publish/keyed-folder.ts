import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const KEYED_SUFFIX = '.keyed';

/**
 * Where a build's keyed files are written while Astro renders: a folder beside Astro's output
 * folder (`{outDir}.keyed`), merged into `client/` once the build is done, since Astro empties
 * its output folder first and lists `client/` into the server bundle.
 */
export function locateKeyedDir(outDir: string): string {
  return `${outDir.replace(/\/+$/, '')}${KEYED_SUFFIX}`;
}

/**
 * Deletes the keyed folders in `buildsDir` no publish in progress owns: a build killed midway
 * leaves its own behind, and a build named before the served one (`servedName`; names sort by
 * time) is finished or dead. Newer ones may belong to a publish running now. Returns their names.
 */
export function removeStaleKeyedDirs(buildsDir: string, servedName: string, isBuildName: (name: string) => boolean): string[] {
  const removed: string[] = [];
  for (const entry of readdirSync(buildsDir)) {
    const build = entry.endsWith(KEYED_SUFFIX) ? entry.slice(0, -KEYED_SUFFIX.length) : '';
    if (!isBuildName(build) || build > servedName) continue;
    rmSync(join(buildsDir, entry), { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}
