import { digestText } from '../core/catalog/digest-template.ts';
import { countPowerOfTwo, selectShard } from '../contracts/published/catalog-shards.ts';

/** One file of `client/` (siblings excluded): its content hash, bytes, and its siblings' bytes (0: none). */
export interface ManifestFile {
  hash: string;
  size: number;
  br: number;
  gz: number;
}

/** A keyed output as a build holds it: its address, key, file under `client/` and that file's entry. */
export interface KeyedRecord extends ManifestFile {
  path: string;
  key: string;
  file: string;
}

/** One segment: its keyed outputs (by path) and template digests (by id), each sorted, and their digest. */
export interface ManifestSegment {
  digest: string;
  keyed: KeyedRecord[];
  templates: [id: string, digest: string][];
}

/** A keyed output before its file is hashed: what decides the segment's digest. */
export type KeyedEntry = Pick<KeyedRecord, 'path' | 'key' | 'file'>;

/** About this many records a segment; the count is a power of two, so it changes only when the catalog doubles or halves. */
const RECORDS_PER_SEGMENT = 2048;
const MAX_SEGMENTS = 4096;

/** How many segments a manifest of `records` keyed outputs and templates has. */
export function countSegments(records: number): number {
  return countPowerOfTwo(records, RECORDS_PER_SEGMENT, MAX_SEGMENTS);
}

/** The segment of an address or a template id (ids never start with `/`, addresses always do). */
export const selectSegment = (name: string, of: number): number => selectShard(name, of);

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A segment's entries, sorted, with the digest of every key in it: equal digests, equal segments. */
export interface PlannedSegment {
  digest: string;
  keyed: KeyedEntry[];
  templates: [string, string][];
}

/**
 * Splits every keyed output and template digest into `of` segments and digests each. The
 * digest covers only keys, so it is known before anything renders: given the same code and
 * configuration, the same keys make the same files.
 */
export function planSegments(keyed: readonly KeyedEntry[], templates: ReadonlyMap<string, string>, of: number): PlannedSegment[] {
  const segments = Array.from({ length: of }, (): PlannedSegment => ({ digest: '', keyed: [], templates: [] }));
  for (const entry of keyed) segments[selectSegment(entry.path, of)]!.keyed.push(entry);
  for (const [id, digest] of templates) segments[selectSegment(id, of)]!.templates.push([id, digest]);
  for (const s of segments) {
    s.keyed.sort((a, b) => byCodeUnit(a.path, b.path));
    s.templates.sort(([a], [b]) => byCodeUnit(a, b));
    const lines = s.keyed.map((e) => `P\t${e.path}\t${e.key}\t${e.file}`).concat(s.templates.map(([id, d]) => `T\t${id}\t${d}`));
    s.digest = digestText(lines.join('\n'));
  }
  return segments;
}
