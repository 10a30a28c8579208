import { linkSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ManifestFile } from './manifest-segments.ts';

/** The names a file of a build takes: itself and the compressed siblings its entry says it has. */
export function listSiblings(file: string, entry: ManifestFile): string[] {
  return [file, ...(entry.br ? [`${file}.br`] : []), ...(entry.gz ? [`${file}.gz`] : [])];
}

/**
 * Hard-links the files of `records` and their compressed siblings from one build's `client/`
 * into another's, and returns how many records it linked. The source is an immutable published
 * build (or a tree linked from one), never a cache Astro rewrites, and nothing is ever written
 * over a linked name (files and siblings are created exclusively), so a link never lets one
 * build change another. Throws when a name already exists or a file is gone: the plan was wrong.
 */
export function linkRecords(fromBuildDir: string, toBuildDir: string, records: Iterable<ManifestFile & { file: string }>): number {
  const from = join(fromBuildDir, 'client');
  const to = join(toBuildDir, 'client');
  const made = new Set<string>();
  let linked = 0;
  for (const record of records) {
    const folder = dirname(record.file);
    if (!made.has(folder)) {
      mkdirSync(join(to, folder), { recursive: true });
      made.add(folder);
    }
    for (const name of listSiblings(record.file, record)) linkSync(join(from, name), join(to, name));
    linked++;
  }
  return linked;
}
