import { linkSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ManifestFile } from './build-manifest.ts';

/**
 * Hard-links the files of `paths` (served paths) and their compressed siblings from the
 * source build's `client/` into the new one's, and returns their manifest entries. The source
 * is an immutable published build, never a cache Astro rewrites, and nothing is written into
 * the new folder after this over a linked name (siblings are created with 'wx'), so a link
 * never lets one build change another. Throws when a name already exists: the plan was wrong.
 */
export function linkReused(
  source: { dir: string; manifest: { files: ReadonlyMap<string, ManifestFile> }; files: ReadonlyMap<string, string[]> },
  nextDir: string,
  paths: Iterable<string>,
): Map<string, ManifestFile> {
  const from = join(source.dir, 'client');
  const to = join(nextDir, 'client');
  const made = new Set<string>();
  const linked = new Map<string, ManifestFile>();
  for (const path of paths) {
    for (const file of source.files.get(path) ?? []) {
      const entry = source.manifest.files.get(file)!;
      const folder = dirname(file);
      if (!made.has(folder)) {
        mkdirSync(join(to, folder), { recursive: true });
        made.add(folder);
      }
      linkSync(join(from, file), join(to, file));
      if (entry.br) linkSync(join(from, `${file}.br`), join(to, `${file}.br`));
      if (entry.gz) linkSync(join(from, `${file}.gz`), join(to, `${file}.gz`));
      linked.set(file, entry);
    }
  }
  return linked;
}
