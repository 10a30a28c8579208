import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CatalogFile } from '../schemas/catalog-file.ts';

/**
 * What the last load of a catalog folder validated, by each file's text digest, kept beside
 * the builds (`{DIST_DIR}.builds/.cache/`): the next load skips the JSON parse and the schema
 * for every file whose text is the same. It belongs to the code that validated it (`key`, the
 * code's fingerprint): another key, or a file that does not read, counts as nothing known.
 */
export interface ValidatedFiles {
  /** Where the record is kept. */
  file: string;
  /** The fingerprint of the code (schema included) the record must have been made by. */
  key: string;
}

const FORMAT = 'tcs-validated-files/1';

/** The validated data the record holds for `key`, or nothing. */
export function readValidatedFiles({ file, key }: ValidatedFiles): Map<string, CatalogFile> {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown; key?: unknown; files?: Record<string, CatalogFile> };
    if (record.format !== FORMAT || record.key !== key || typeof record.files !== 'object' || !record.files) return new Map();
    return new Map(Object.entries(record.files));
  } catch {
    return new Map();
  }
}

/** Replaces the record (atomically: a reader sees the old one or the new one). */
export function writeValidatedFiles({ file, key }: ValidatedFiles, validated: ReadonlyMap<string, CatalogFile>): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, JSON.stringify({ format: FORMAT, key, files: Object.fromEntries(validated) }));
  renameSync(temp, file);
}
