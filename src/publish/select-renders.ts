import { readManifestSegment } from './build-manifest.ts';
import { countSegments, planSegments, type KeyedEntry, type KeyedRecord, type PlannedSegment } from './manifest-segments.ts';
import type { SourceBuild } from './plan-publish.ts';

/** Which keyed outputs a build renders, and what it knows of the source build's. */
export interface RenderSelection {
  /** Every segment's digest, in order. */
  digests: string[];
  /**
   * The new build's segments whose digest differs from the source build's, by number (keys
   * only; files are hashed after rendering): every one when there is no source or the count
   * changed. Only these cross from the catalog worker (50,000 templates: the whole plan was
   * ~350,000 entries to copy, ~1 s each way).
   */
  changed: Map<number, PlannedSegment>;
  /** Keyed outputs of the new build in all, rendered or reused. */
  outputs: number;
  /** The source build's keyed outputs in the changed segments, by path (unchanged segments are reused whole). */
  previous: Map<string, KeyedRecord>;
  /** The source build's template digests in the changed segments, by id. */
  previousTemplates: Map<string, string>;
  /** Keyed paths to render: new, or with another key (or file) than the source build's. */
  render: Set<string>;
  /** The source build's keyed outputs the new catalog no longer has. */
  removed: KeyedRecord[];
}

/**
 * Compares the keys of every keyed output with the source build's, reading only the segments
 * of its manifest whose digest differs: a one-template edit touches a handful of segments at
 * any catalog size. Without a source, everything renders.
 */
export function selectRenders(entries: readonly KeyedEntry[], templates: ReadonlyMap<string, string>, source?: SourceBuild): RenderSelection {
  const of = countSegments(entries.length + templates.size);
  const segments = planSegments(entries, templates, of);
  const digests = segments.map((s) => s.digest);
  const previous = new Map<string, KeyedRecord>();
  const previousTemplates = new Map<string, string>();
  const outputs = entries.length;
  if (!source) return { digests, changed: new Map(segments.entries()), outputs, previous, previousTemplates, render: new Set(entries.map((e) => e.path)), removed: [] };
  const before = source.head.segments;
  // Another count puts every address in another segment: compare everything once.
  const sameCount = before.length === of;
  const changed = new Map(segments.entries().filter(([n, s]) => !sameCount || before[n] !== s.digest));
  for (const n of sameCount ? changed.keys() : before.keys()) {
    const segment = readManifestSegment(source.dir, n, before.length);
    for (const record of segment.keyed) previous.set(record.path, record);
    for (const [id, digest] of segment.templates) previousTemplates.set(id, digest);
  }
  const render = new Set<string>();
  const kept = new Set<string>();
  for (const segment of changed.values()) {
    for (const e of segment.keyed) {
      const was = previous.get(e.path);
      if (was?.key === e.key && was.file === e.file) kept.add(e.path);
      else render.add(e.path);
    }
  }
  const removed = [...previous.values()].filter((r) => !kept.has(r.path) && !render.has(r.path));
  return { digests, changed, outputs, previous, previousTemplates, render, removed };
}
