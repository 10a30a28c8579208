import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PublishedFile } from '../contracts/published/keyed-outputs.ts';

/**
 * Writes `files` under `clientDir`, each created exclusively: a build writes into a folder of
 * its own, so a name already there means two outputs claim it (or a link would be written
 * through), and the build fails instead. Returns how many it wrote.
 */
export function writePublishedFiles(clientDir: string, files: Iterable<PublishedFile>): number {
  const made = new Set<string>();
  let written = 0;
  for (const f of files) {
    const path = join(clientDir, f.file);
    const folder = dirname(path);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(path, f.render(), { flag: 'wx' });
    written++;
  }
  return written;
}
