import { linkSync, mkdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { listSiblings } from './link-reused.ts';
import type { KeyedRecord } from './manifest-segments.ts';

/**
 * Completes a build from its staged tree (staging.ts): the staged links of `replaced` (outputs
 * rendered again, or gone from the catalog) are removed, the files this build wrote (`written`,
 * siblings included) are moved in, and the merged tree becomes the build's `client/`. Only
 * names are unlinked and renamed: the files behind the staged links, which belong to the
 * previous build, are never opened for writing.
 */
export function mergeStaged(buildDir: string, stagedClient: string, replaced: Iterable<KeyedRecord>, written: readonly string[]): void {
  const client = join(buildDir, 'client');
  for (const record of replaced) for (const name of listSiblings(record.file, record)) rmSync(join(stagedClient, name), { force: true });
  const made = new Set<string>();
  for (const file of written) {
    const folder = dirname(file);
    if (!made.has(folder)) {
      mkdirSync(join(stagedClient, folder), { recursive: true });
      made.add(folder);
    }
    // link, then unlink: unlike a rename, a link refuses a name already there (the plan was wrong)
    linkSync(join(client, file), join(stagedClient, file));
    unlinkSync(join(client, file));
  }
  rmSync(client, { recursive: true }); // only the emptied folders are left
  renameSync(stagedClient, client);
}
