import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { digestText } from '../core/catalog/digest-template.ts';
import { REUSE_CACHE_FORMAT, reuseCacheHeaderSchema } from '../schemas/build-records.ts';
import type { BuildInputs } from './build-inputs.ts';
import { readRecordFile, RecordFileError, writeRecordFile } from './line-records.ts';

/**
 * The reuse cache: for one catalog folder, the newest build made from it and the inputs it was
 * made with (the keys of its outputs are in that build's manifest). It sits beside the builds
 * (`{DIST_DIR}.builds/.cache/`), so `npm ci` never touches it, and names only builds, never
 * Astro's own cache files.
 */
export interface ReuseCache {
  catalogDir: string;
  buildsDir: string;
  build: string;
  inputs: BuildInputs;
}

/** Where the cache of `catalogDir` lives inside `buildsDir`. */
export function locateReuseCache(buildsDir: string, catalogDir: string): string {
  return join(buildsDir, '.cache', `${digestText(resolve(catalogDir)).slice(0, 16)}.tsv`);
}

/** Where the files of `catalogDir` the last publish validated are remembered (validated-store.ts). */
export function locateValidatedFiles(buildsDir: string, catalogDir: string): string {
  return join(buildsDir, '.cache', `${digestText(resolve(catalogDir)).slice(0, 16)}.validated.tsv`);
}

/** The cache as read, or why it cannot be used (`missing`: there is none yet, which is no fault). */
export type CacheReading = { cache: ReuseCache } | { missing: true } | { problem: string };

/** Reads the cache of `catalogDir` and checks it is whole and its own. */
export function readReuseCache(buildsDir: string, catalogDir: string): CacheReading {
  const file = locateReuseCache(buildsDir, catalogDir);
  let read;
  try {
    read = readRecordFile(file);
  } catch (err) {
    if (/ENOENT/.test((err as Error).message)) return { missing: true };
    return { problem: `${(err as RecordFileError).message}` };
  }
  const head = reuseCacheHeaderSchema.safeParse(read.header);
  if (!head.success || read.records.length) return { problem: `${file}: is not a ${REUSE_CACHE_FORMAT} file` };
  const h = head.data;
  if (h.catalogDir !== resolve(catalogDir) || h.buildsDir !== resolve(buildsDir)) {
    return { problem: `${file}: belongs to another catalog or builds folder (${h.catalogDir} → ${h.buildsDir})` };
  }
  return { cache: { catalogDir: h.catalogDir, buildsDir: h.buildsDir, build: h.build, inputs: h.inputs } };
}

/** Replaces the cache of `cache.catalogDir` (atomically: a reader sees the old one or the new one). */
export function writeReuseCache(cache: ReuseCache): void {
  const file = locateReuseCache(cache.buildsDir, cache.catalogDir);
  mkdirSync(join(file, '..'), { recursive: true });
  const { catalogDir, buildsDir, build, inputs } = cache;
  writeRecordFile(file, { format: REUSE_CACHE_FORMAT, catalogDir: resolve(catalogDir), buildsDir: resolve(buildsDir), build, inputs }, []);
}
