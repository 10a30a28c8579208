import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

/**
 * Files of tab-separated records, one a line, under a JSON header line and over a trailer line
 * that counts the records and hashes every byte before it. Written and read in slices, so a
 * million-template build's file list never becomes one string; the trailer tells a truncated,
 * hand-edited or half-written file from a whole one.
 */

/** Thrown when a record file is missing, truncated, altered or of another format. */
export class RecordFileError extends Error {
  override name = 'RecordFileError';
}

const TRAILER = '#end';
const FLUSH_BYTES = 1 << 20;

/**
 * Writes `header` and `records` to `path` (through a temporary file renamed into place, so a
 * reader sees the old file or the new one). Fields must not hold tabs or newlines.
 */
export function writeRecordFile(path: string, header: Record<string, unknown>, records: Iterable<readonly string[]>): void {
  const temp = `${path}.tmp-${process.pid}`;
  const fd = openSync(temp, 'w');
  const hash = createHash('sha1');
  let count = 0;
  let chunk = `${JSON.stringify(header)}\n`;
  const flush = () => {
    hash.update(chunk);
    writeSync(fd, chunk);
    chunk = '';
  };
  try {
    for (const fields of records) {
      for (const f of fields) if (/[\t\n]/.test(f)) throw new RecordFileError(`${path}: a field holds a tab or newline: ${JSON.stringify(f)}`);
      chunk += `${fields.join('\t')}\n`;
      count++;
      if (chunk.length >= FLUSH_BYTES) flush();
    }
    flush();
    writeSync(fd, `${TRAILER}\t${count}\t${hash.digest('base64url')}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

/** A record file as read: its header (unchecked JSON) and each record's fields. */
export interface RecordFile {
  header: unknown;
  records: string[][];
}

/** Reads what writeRecordFile wrote; throws RecordFileError when it is not whole. */
export function readRecordFile(path: string): RecordFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new RecordFileError(`${path}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const end = bytes.lastIndexOf(`\n${TRAILER}\t`, bytes.length - 2);
  if (end < 0 || bytes[bytes.length - 1] !== 0x0a) throw new RecordFileError(`${path}: is truncated (no end line)`);
  const [, countText, digest] = bytes.toString('utf8', end + 1, bytes.length - 1).split('\t');
  if (createHash('sha1').update(bytes.subarray(0, end + 1)).digest('base64url') !== digest) {
    throw new RecordFileError(`${path}: does not match its checksum (altered or half-written)`);
  }
  const firstEnd = bytes.indexOf(0x0a);
  let header: unknown;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, firstEnd));
  } catch {
    throw new RecordFileError(`${path}: has no JSON header line`);
  }
  const records: string[][] = [];
  // Slices of about a megabyte, cut at line ends: no string the size of the file.
  for (let at = firstEnd + 1; at <= end; ) {
    let cut = Math.min(end + 1, at + FLUSH_BYTES);
    if (cut <= end) cut = bytes.indexOf(0x0a, cut) + 1;
    for (const line of bytes.toString('utf8', at, cut).split('\n')) if (line) records.push(line.split('\t'));
    at = cut;
  }
  if (records.length !== Number(countText)) throw new RecordFileError(`${path}: holds ${records.length} records where its end line says ${countText}`);
  return { header, records };
}
