import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { explainInputChange, type BuildInputs } from './build-inputs.ts';
import { readBuildManifest, type BuildManifest } from './build-manifest.ts';
import { readReuseCache } from './reuse-cache.ts';
import { toServedPath } from './served-path.ts';

/** A build this one can take files from: its folder, manifest, and files by served path. */
export interface SourceBuild {
  dir: string;
  manifest: BuildManifest;
  files: Map<string, string[]>;
}

/** How the next build is made, and from what. */
export interface PublishPlan {
  mode: 'full' | 'incremental';
  /** Why a full build, for the log; empty when incremental. */
  reason: string;
  /** One line about a cache that was damaged or foreign (it is rebuilt), when there was one. */
  warning?: string;
  /**
   * The newest build of this catalog folder when it was made by the same code: its pages are
   * reused when incremental, and in either mode the siblings of byte-identical files (the
   * compression is part of the code, so the same bytes compress to the same bytes).
   */
  source?: SourceBuild;
  /** Keys of the source's keyed pages (served path → key), only of pages it really holds; empty when full. */
  reusable: Map<string, string>;
}

/** The files of a build behind each served path (a manifest lists originals only). */
export function indexServedFiles(manifest: BuildManifest): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const file of manifest.files.keys()) {
    const path = toServedPath(file);
    if (path === null) continue;
    const files = index.get(path);
    if (files) files.push(file);
    else index.set(path, [file]);
  }
  return index;
}

const full = (reason: string, extra: Partial<PublishPlan> = {}): PublishPlan => ({ mode: 'full', reason, reusable: new Map(), ...extra });

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
  let manifest: BuildManifest;
  try {
    manifest = readBuildManifest(dir);
  } catch (err) {
    // Pruning keeps only the hashed assets of an old build: then its manifest is simply gone.
    if (/ENOENT/.test((err as Error).message)) return full(`the build the cache names (${cache.build}) was pruned`);
    return full(`the manifest of ${cache.build} is unreadable`, { warning: `reuse cache: ${(err as Error).message}; rebuilding it with a full build` });
  }
  const source = { dir, manifest, files: indexServedFiles(manifest) };
  const changed = explainInputChange(cache.inputs, inputs);
  if (changed) return full(changed, { source });
  const reusable = new Map([...cache.keys].filter(([path]) => source.files.has(path)));
  return { mode: 'incremental', reason: '', source, reusable };
}
