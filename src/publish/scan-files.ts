import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { digestText } from '../core/catalog/digest-template.ts';
import type { ManifestFile } from './build-manifest.ts';
import { isCompressedSibling } from './served-path.ts';

/** Every regular file under `dir`, as `/`-separated paths relative to it. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
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
