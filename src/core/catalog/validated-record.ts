import type { CatalogFile } from '../../schemas/catalog-file.ts';

/**
 * What the last load of a catalog folder validated, by each file's text digest, and how each
 * file looked then (its stat signature): the next load does not read a file that still looks
 * the same, nor parse or validate a text it validated before. Where it is kept is the
 * publish's business (src/publish/validated-store.ts, beside the builds); a load only reads
 * and writes it through a ValidatedStore.
 */

/** A catalog file as last seen: its stat signature (source-stats.ts) and its text's digest. */
export type SeenFile = [signature: string, digest: string];

/** What a record holds: validated data by text digest, and each file name as last seen. */
export interface ValidatedRecord {
  files: Map<string, CatalogFile>;
  seen: Map<string, SeenFile>;
}

/**
 * Where a record is kept. `read` gives an empty record when there is none, or none the current
 * code may trust; `write` replaces it (atomically) and may throw.
 */
export interface ValidatedStore {
  read(): ValidatedRecord;
  write(record: ValidatedRecord): void;
}

/** A record that knows nothing. */
export const emptyRecord = (): ValidatedRecord => ({ files: new Map(), seen: new Map() });

/** Whether two records hold the same: the next load would learn nothing from writing `next`. */
export function isSameRecord(known: ValidatedRecord, next: ValidatedRecord): boolean {
  if (known.files.size !== next.files.size || known.seen.size !== next.seen.size) return false;
  for (const digest of next.files.keys()) if (!known.files.has(digest)) return false;
  for (const [name, [signature]] of next.seen) if (known.seen.get(name)?.[0] !== signature) return false;
  return true;
}
