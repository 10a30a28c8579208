import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { explainInputChange, type BuildInputs } from './build-inputs.ts';
import { readManifestHead, type ManifestHead } from './build-manifest.ts';
import { readReuseCache } from './reuse-cache.ts';

/** A build this one can take files from: its folder and its manifest's head (segments are read as needed). */
export interface SourceBuild {
  dir: string;
  head: ManifestHead;
}

/** How the next build is made, and from what. */
export interface PublishPlan {
  mode: 'full' | 'incremental';
  /** Why a full build, for the log; empty when incremental. */
  reason: string;
  /** One line about a cache that was damaged or foreign (it is rebuilt), when there was one. */
  warning?: string;
  /**
   * The newest build of this catalog folder when it was made by the same code: its keyed
   * outputs are reused when incremental, and in either mode the siblings of byte-identical
   * files (the compression is part of the code, so the same bytes compress to the same bytes).
   */
  source?: SourceBuild;
}

const full = (reason: string, extra: Partial<PublishPlan> = {}): PublishPlan => ({ mode: 'full', reason, ...extra });

/**
 * Decides between reusing the newest build of this catalog folder and building in full:
 * reuse needs a whole cache of our own, the build it names still on disk with a whole
 * manifest, and the same code and configuration. Anything else is a full build; `force`
 * (`--full`, and the fallback from an incremental build gone wrong) reuses nothing at all.
 */
export function planPublish(buildsDir: string, catalogDir: string, inputs: BuildInputs, force = false): PublishPlan {
  if (force) return full('asked for (--full): nothing reused');
  const reading = readReuseCache(buildsDir, catalogDir);
  if ('missing' in reading) return full('no earlier build of this catalog folder to reuse');
  if ('problem' in reading) return full('the reuse cache could not be used', { warning: `reuse cache: ${reading.problem}; rebuilding it with a full build` });
  const { cache } = reading;
  const dir = join(buildsDir, cache.build);
  if (!existsSync(dir)) return full(`the build the cache names (${cache.build}) is gone`);
  if (cache.inputs.code !== inputs.code) return full(explainInputChange(cache.inputs, inputs)!);
  let head: ManifestHead;
  try {
    head = readManifestHead(dir);
  } catch (err) {
    // Pruning keeps only the hashed assets of an old build: then its manifest is simply gone.
    if (/ENOENT/.test((err as Error).message)) return full(`the build the cache names (${cache.build}) was pruned`);
    return full(`the manifest of ${cache.build} is unreadable`, { warning: `reuse cache: ${(err as Error).message}; rebuilding it with a full build` });
  }
  const source = { dir, head };
  const changed = explainInputChange(cache.inputs, inputs);
  if (changed) return full(changed, { source });
  return { mode: 'incremental', reason: '', source };
}
