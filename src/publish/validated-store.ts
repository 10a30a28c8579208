import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CatalogFile } from '../schemas/catalog-file.ts';
import { VALIDATED_FILES_FORMAT, validatedFilesHeaderSchema } from '../schemas/build-records.ts';
import { emptyRecord, type SeenFile, type ValidatedRecord, type ValidatedStore } from '../core/catalog/validated-record.ts';
import { readRecordFile, writeRecordFile } from './line-records.ts';

/** Where a publish keeps the record of validated files, and the fingerprint of the code it belongs to. */
export interface ValidatedFiles {
  /** Where the record is kept. */
  file: string;
  /** The fingerprint of the code (schema included) the record must have been made by. */
  key: string;
  /**
   * A folder every publish on this machine shares, for what depends only on the code and its
   * own inputs (related-store.ts: the words related by meaning), so a first publish into a new
   * folder reuses it too. None with `--full`.
   */
  shared?: string;
}

/**
 * Entries per record line, as one JSON array (~0.7 MB): no string grows with the catalog, where
 * one JSON text of the whole record would pass V8's longest string near 650,000 templates, and
 * reading stays near one parse of the whole (50,000 templates, 39 MB, fresh processes: 385–448
 * ms against 332–385 ms; writing 226–306 against 302–390 ms; BENCHMARKS.md, publish).
 */
const BATCH = 1000;

function* batches<T>(kind: string, entries: Iterable<T>): Generator<string[]> {
  let batch: T[] = [];
  for (const entry of entries) {
    batch.push(entry);
    if (batch.length === BATCH) {
      yield [kind, JSON.stringify(batch)];
      batch = [];
    }
  }
  if (batch.length) yield [kind, JSON.stringify(batch)];
}

/**
 * The record kept at `file` for the code `key` (`{DIST_DIR}.builds/.cache/`, beside the reuse
 * cache): a line-record file (line-records.ts) of `files` and `seen` batches. Another key, another
 * format, or a file that is not whole reads as a record that knows nothing.
 */
export function openValidatedFiles({ file, key }: ValidatedFiles): ValidatedStore {
  return {
    read() {
      try {
        const { header, records } = readRecordFile(file);
        if (validatedFilesHeaderSchema.safeParse(header).data?.key !== key) return emptyRecord();
        const record = emptyRecord();
        for (const [kind, json] of records) {
          if (kind === 'files') for (const [digest, data] of JSON.parse(json!) as [string, CatalogFile][]) record.files.set(digest, data);
          else if (kind === 'seen') for (const [name, seen] of JSON.parse(json!) as [string, SeenFile][]) record.seen.set(name, seen);
          else return emptyRecord();
        }
        return record;
      } catch {
        return emptyRecord();
      }
    },
    write(record: ValidatedRecord) {
      mkdirSync(dirname(file), { recursive: true });
      writeRecordFile(file, { format: VALIDATED_FILES_FORMAT, key }, (function* () {
        yield* batches('files', record.files);
        yield* batches('seen', record.seen);
      })());
    },
  };
}
