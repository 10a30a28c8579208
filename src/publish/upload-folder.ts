import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { listFiles } from './scan-files.ts';
import { isCompressedSibling } from '../contracts/published/compressed-siblings.ts';

/** What making an upload folder did. */
export interface UploadFolder {
  files: number;
  /** Precompressed siblings left out. */
  siblings: number;
  /** Files copied because a hard link could not be made (another file system). */
  copied: number;
}

/**
 * Makes `target` (new or empty) a folder for a static host's upload: every file of the client
 * folder `client`, `_headers` and `_redirects` included, as a hard link (no bytes copied, the
 * build untouched), but no `.br`/`.gz` sibling of a file that is there: hosts compress for
 * themselves, and a sibling uploaded would be an address of its own (`/index.html.br`) and
 * nearly triple the file count the host's plan limits.
 */
export function makeUploadFolder(client: string, target: string): UploadFolder {
  if (existsSync(target) && readdirSync(target).length) throw new Error(`${target} is not empty: give a new folder for the upload.`);
  const names = listFiles(client);
  const present = new Set(names);
  const result: UploadFolder = { files: 0, siblings: 0, copied: 0 };
  for (const name of names) {
    if (isCompressedSibling(name) && present.has(name.slice(0, -3))) {
      result.siblings++;
      continue;
    }
    const to = join(target, name);
    mkdirSync(dirname(to), { recursive: true });
    try {
      linkSync(join(client, name), to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      copyFileSync(join(client, name), to);
      result.copied++;
    }
    result.files++;
  }
  return result;
}
