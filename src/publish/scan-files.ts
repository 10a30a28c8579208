import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { digestText } from '../core/catalog/digest-template.ts';
import type { ManifestFile } from './manifest-segments.ts';
import { isCompressedSibling } from '../contracts/published/compressed-siblings.ts';
import { HOST_FILES } from './served-path.ts';

/**
 * Every regular file under `dir`, as `/`-separated paths relative to it. Walked folder by folder
 * with plain string joins: readdir's `recursive` option and path.relative per entry took 1.5–3 s
 * for the 155,000 files of a 10,000-template build, this 0.2–0.5 s.
 */
export function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(rel ? `${dir}/${rel}` : dir, { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path);
      else if (e.isFile()) files.push(path);
    }
  };
  walk('');
  return files;
}

/**
 * Reads and hashes every file of a `client/` folder: the manifest's file list for a build made
 * without one (a first publish under this layout, or `astro build` alone). `known` supplies
 * entries already hashed elsewhere, so only the rest is read.
 */
export function scanClientFiles(clientDir: string, known: ReadonlyMap<string, ManifestFile> = new Map()): Map<string, ManifestFile> {
  const names = listFiles(clientDir);
  const present = new Set(names);
  const files = new Map<string, ManifestFile>();
  for (const name of names) {
    if (isCompressedSibling(name) && present.has(name.slice(0, -3))) continue;
    if (HOST_FILES.includes(name)) continue; // read by a static host, never served: not in a manifest
    const got = known.get(name);
    if (got) {
      files.set(name, got);
      continue;
    }
    const path = join(clientDir, name);
    const sibling = (ext: string) => (present.has(`${name}${ext}`) ? statSync(`${path}${ext}`).size : 0);
    const data = readFileSync(path);
    files.set(name, { hash: digestText(data), size: data.length, br: sibling('.br'), gz: sibling('.gz') });
  }
  return files;
}
