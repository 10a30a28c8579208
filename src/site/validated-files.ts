import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CatalogFile } from '../schemas/catalog-file.ts';

/**
 * What the last load of a catalog folder validated, by each file's text digest, and how each
 * file looked then (its stat signature), kept beside the builds (`{DIST_DIR}.builds/.cache/`):
 * the next load does not read a file that still looks the same, nor parse or validate a text it
 * validated before. It belongs to the code that validated it (`key`, the code's fingerprint):
 * another key, or a record that does not read, counts as nothing known.
 */
export interface ValidatedFiles {
  /** Where the record is kept. */
  file: string;
  /** The fingerprint of the code (schema included) the record must have been made by. */
  key: string;
}

/**
 * Entries are kept as arrays, not as objects keyed by digest and name: V8 parses and writes
 * those several times as fast (50,000 templates, 39 MB: parse 0.30 against 0.73 s, write
 * 0.53 against 1.31 s).
 */
const FORMAT = 'tcs-validated-files/3';

/** A catalog file as last seen: its stat signature (source-stats.ts) and its text's digest. */
export type SeenFile = [signature: string, digest: string];

/** What a record holds: validated data by text digest, and each file name as last seen. */
export interface ValidatedRecord {
  files: Map<string, CatalogFile>;
  seen: Map<string, SeenFile>;
}

const nothing = (): ValidatedRecord => ({ files: new Map(), seen: new Map() });

/** What the record holds for `key`, or nothing. */
export function readValidatedFiles({ file, key }: ValidatedFiles): ValidatedRecord {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown; key?: unknown; files?: unknown; seen?: unknown };
    if (record.format !== FORMAT || record.key !== key || !Array.isArray(record.files) || !Array.isArray(record.seen)) return nothing();
    return { files: new Map(record.files as [string, CatalogFile][]), seen: new Map(record.seen as [string, SeenFile][]) };
  } catch {
    return nothing();
  }
}

/** Replaces the record (atomically: a reader sees the old one or the new one). */
export function writeValidatedFiles({ file, key }: ValidatedFiles, record: ValidatedRecord): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, JSON.stringify({ format: FORMAT, key, files: [...record.files], seen: [...record.seen] }));
  renameSync(temp, file);
}

/** Whether two records hold the same: the next load would learn nothing from writing `next`. */
export function isSameRecord(known: ValidatedRecord, next: ValidatedRecord): boolean {
  if (known.files.size !== next.files.size || known.seen.size !== next.seen.size) return false;
  for (const digest of next.files.keys()) if (!known.files.has(digest)) return false;
  for (const [name, [signature]] of next.seen) if (known.seen.get(name)?.[0] !== signature) return false;
  return true;
}
