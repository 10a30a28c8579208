import { join } from 'node:path';
import type { CompressJob } from './compress-worker.ts';
import { readManifestContents } from './describe-build.ts';
import type { KeyedRecord, ManifestFile } from './manifest-segments.ts';
import type { RenderPlan } from './render-plan.ts';

/** The same file in an earlier build, for the compressor to reuse its siblings when the bytes are the same. */
export type PreviousFile = (file: string) => CompressJob['previous'] | undefined;

/**
 * Where each file of this build was in the build it reuses siblings from. An incremental build
 * knows the keyed outputs it renders from the segments it read, and the rest from the source's
 * head; a full build with an earlier build of the same code reads that build's whole manifest
 * once. Without one, nothing.
 */
export function lookUpPreviousFiles(plan: RenderPlan): PreviousFile {
  const from = plan.source ?? plan.siblingsFrom;
  if (!from) return () => undefined;
  const at = (file: string, entry: ManifestFile | undefined) => (entry ? { path: join(from.dir, 'client', file), hash: entry.hash, br: entry.br, gz: entry.gz } : undefined);
  if (!plan.source) {
    let everything: Map<string, ManifestFile> | undefined;
    return (file) => at(file, (everything ??= readManifestContents(from.dir).files).get(file));
  }
  const sel = plan.keyed!.selection;
  const rendered = new Map<string, KeyedRecord>();
  for (const path of sel.render) {
    const was = sel.previous.get(path);
    if (was) rendered.set(was.file, was);
  }
  // The source is the build this one reuses: an unchanged file may be linked from it, not only its siblings.
  return (file) => {
    const was = at(file, rendered.get(file) ?? plan.source!.head.files.get(file));
    return was && { ...was, link: true };
  };
}
