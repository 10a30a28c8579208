import { join } from 'node:path';
import { MANIFEST_FORMAT, manifestHeaderSchema } from '../schemas/build-records.ts';
import { readRecordFile, RecordFileError, writeRecordFile } from './line-records.ts';

/**
 * A build's manifest, `{build}/manifest.tsv` beside `client/` (never served): every file of
 * `client/` with its content hash and its compressed siblings, and a digest per template. It is
 * what the next publish compares against (the change list) and reuses from (hard links),
 * without reading the previous build's files again.
 */

/** One file of `client/` (siblings excluded): its content hash, bytes, and its siblings' bytes (0: none). */
export interface ManifestFile {
  hash: string;
  size: number;
  br: number;
  gz: number;
}

/** What a build holds, by file (relative to `client/`) and by template id. */
export interface BuildManifest {
  build: string;
  files: Map<string, ManifestFile>;
  /** Template id → digest of the template as published. */
  templates: Map<string, string>;
}

export const MANIFEST_FILE = 'manifest.tsv';


/** Writes `manifest` into `buildDir`. */
export function writeBuildManifest(buildDir: string, manifest: BuildManifest): void {
  function* records(): Generator<string[]> {
    for (const [path, f] of [...manifest.files].sort(([a], [b]) => (a < b ? -1 : 1))) yield ['F', path, f.hash, String(f.size), String(f.br), String(f.gz)];
    for (const [id, digest] of [...manifest.templates].sort(([a], [b]) => (a < b ? -1 : 1))) yield ['T', id, digest];
  }
  writeRecordFile(join(buildDir, MANIFEST_FILE), { format: MANIFEST_FORMAT, build: manifest.build }, records());
}

const count = (s: string | undefined) => {
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= 0 ? n : NaN;
};

/** Reads the manifest of `buildDir`; throws RecordFileError when it is missing or not whole. */
export function readBuildManifest(buildDir: string): BuildManifest {
  const path = join(buildDir, MANIFEST_FILE);
  const { header, records } = readRecordFile(path);
  const head = manifestHeaderSchema.safeParse(header);
  if (!head.success) throw new RecordFileError(`${path}: is not a ${MANIFEST_FORMAT} file`);
  const files = new Map<string, ManifestFile>();
  const templates = new Map<string, string>();
  for (const r of records) {
    if (r[0] === 'F' && r.length === 6) {
      const [size, br, gz] = [count(r[3]), count(r[4]), count(r[5])];
      if ([size, br, gz].some(Number.isNaN)) throw new RecordFileError(`${path}: bad sizes for ${r[1]}`);
      files.set(r[1]!, { hash: r[2]!, size, br, gz });
    } else if (r[0] === 'T' && r.length === 3) templates.set(r[1]!, r[2]!);
    else throw new RecordFileError(`${path}: unknown record ${JSON.stringify(r.slice(0, 2))}`);
  }
  return { build: head.data.build, files, templates };
}
