import { existsSync, linkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FORMAT, manifestHeaderSchema, MANIFEST_SEGMENT_FORMAT, manifestSegmentHeaderSchema } from '../schemas/build-records.ts';
import { readRecordFile, RecordFileError, writeRecordFile } from './line-records.ts';
import type { KeyedRecord, ManifestFile, ManifestSegment } from './manifest-segments.ts';

/**
 * A build's manifest, `{build}/manifest/` beside `client/` (never served): what the next
 * publish compares against (the change list) and reuses from (hard links), without reading the
 * previous build's files again. It is cut in segments so that a publish reads and writes only
 * the few its changes touch, at any catalog size:
 * - `head.tsv`: each segment's digest (S records) and every file that is not a keyed output
 *   (F records: file, hash, bytes, its siblings' bytes), the pages that show the whole catalog;
 * - `{n}.tsv`: the keyed outputs whose address falls in segment n (P records: path, key, file,
 *   hash, bytes, siblings' bytes) and the templates whose id does (T records: id, digest). A
 *   segment whose digest is unchanged holds the same bytes and is hard-linked from the build before.
 */
export const MANIFEST_DIR = 'manifest';
const HEAD_FILE = 'head.tsv';

/** What the head holds: the build, the digest of each segment (by number), the files not keyed. */
export interface ManifestHead {
  build: string;
  segments: string[];
  files: Map<string, ManifestFile>;
}

const count = (s: string | undefined) => {
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= 0 ? n : NaN;
};

/** Sizes read from three fields, or RecordFileError naming the record. */
function readFile(fields: string[], at: number, path: string, name: string): ManifestFile {
  const [size, br, gz] = [count(fields[at + 1]), count(fields[at + 2]), count(fields[at + 3])];
  if ([size, br, gz].some(Number.isNaN)) throw new RecordFileError(`${path}: bad sizes for ${name}`);
  return { hash: fields[at]!, size, br, gz };
}

const fileFields = (f: ManifestFile) => [f.hash, String(f.size), String(f.br), String(f.gz)];
const byName = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : 1);
const segmentFile = (buildDir: string, n: number) => join(buildDir, MANIFEST_DIR, `${n}.tsv`);

/** Writes the head of `buildDir`'s manifest. */
export function writeManifestHead(buildDir: string, head: ManifestHead): void {
  mkdirSync(join(buildDir, MANIFEST_DIR), { recursive: true });
  function* records(): Generator<string[]> {
    for (const [n, digest] of head.segments.entries()) yield ['S', String(n), digest];
    for (const [file, f] of [...head.files].sort(byName)) yield ['F', file, ...fileFields(f)];
  }
  writeRecordFile(join(buildDir, MANIFEST_DIR, HEAD_FILE), { format: MANIFEST_FORMAT, build: head.build, segments: head.segments.length }, records());
}

/** Reads the head of `buildDir`'s manifest; throws RecordFileError when it is missing or not whole. */
export function readManifestHead(buildDir: string): ManifestHead {
  const path = join(buildDir, MANIFEST_DIR, HEAD_FILE);
  const { header, records } = readRecordFile(path);
  const parsed = manifestHeaderSchema.safeParse(header);
  if (!parsed.success) throw new RecordFileError(`${path}: is not a ${MANIFEST_FORMAT} file`);
  const segments = Array.from({ length: parsed.data.segments }, () => '');
  const files = new Map<string, ManifestFile>();
  for (const r of records) {
    if (r[0] === 'S' && r.length === 3 && count(r[1]) < segments.length) segments[Number(r[1])] = r[2]!;
    else if (r[0] === 'F' && r.length === 6) files.set(r[1]!, readFile(r, 2, path, r[1]!));
    else throw new RecordFileError(`${path}: unknown record ${JSON.stringify(r.slice(0, 2))}`);
  }
  if (segments.includes('')) throw new RecordFileError(`${path}: does not list every segment`);
  return { build: parsed.data.build, segments, files };
}

/** Writes segment `n` (of `of`) of `buildDir`'s manifest. */
export function writeManifestSegment(buildDir: string, n: number, of: number, segment: ManifestSegment): void {
  function* records(): Generator<string[]> {
    for (const r of segment.keyed) yield ['P', r.path, r.key, r.file, ...fileFields(r)];
    for (const [id, digest] of segment.templates) yield ['T', id, digest];
  }
  mkdirSync(join(buildDir, MANIFEST_DIR), { recursive: true });
  writeRecordFile(segmentFile(buildDir, n), { format: MANIFEST_SEGMENT_FORMAT, segment: n, of, digest: segment.digest }, records());
}

/** Reads segment `n` of `buildDir`'s manifest; throws RecordFileError when it is missing, not whole or not that segment. */
export function readManifestSegment(buildDir: string, n: number, of: number): ManifestSegment {
  const path = segmentFile(buildDir, n);
  const { header, records } = readRecordFile(path);
  const parsed = manifestSegmentHeaderSchema.safeParse(header);
  if (!parsed.success || parsed.data.segment !== n || parsed.data.of !== of) throw new RecordFileError(`${path}: is not segment ${n} of ${of} (${MANIFEST_SEGMENT_FORMAT})`);
  const keyed: KeyedRecord[] = [];
  const templates: [string, string][] = [];
  for (const r of records) {
    if (r[0] === 'P' && r.length === 8) keyed.push({ path: r[1]!, key: r[2]!, file: r[3]!, ...readFile(r, 4, path, r[1]!) });
    else if (r[0] === 'T' && r.length === 3) templates.push([r[1]!, r[2]!]);
    else throw new RecordFileError(`${path}: unknown record ${JSON.stringify(r.slice(0, 2))}`);
  }
  return { digest: parsed.data.digest, keyed, templates };
}

/** Hard-links segment `n` of an earlier build's manifest into `toDir`'s (its digest says it is the same). */
export function linkManifestSegment(fromDir: string, toDir: string, n: number): void {
  mkdirSync(join(toDir, MANIFEST_DIR), { recursive: true });
  linkSync(segmentFile(fromDir, n), segmentFile(toDir, n));
}

/** Whether `buildDir` has a manifest of this layout. */
export function hasManifest(buildDir: string): boolean {
  return existsSync(join(buildDir, MANIFEST_DIR, HEAD_FILE));
}
