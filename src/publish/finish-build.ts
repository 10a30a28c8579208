import { join } from 'node:path';
import { precompressFiles, summarizeCompression, type PrecompressStats } from './precompress-files.ts';
import { unlinkStaged, type RenderPlan } from './render-plan.ts';
import type { BuildManifest, ManifestFile } from './build-manifest.ts';
import { linkReused } from './link-reused.ts';
import { indexServedFiles, type SourceBuild } from './plan-publish.ts';
import { isCompressedSibling } from './served-path.ts';
import { listFiles } from './scan-files.ts';

/** What finishing a build did, for the log and the bench. */
export interface FinishedBuild {
  manifest: BuildManifest;
  compression: PrecompressStats;
  /** Files Astro wrote (rendered pages, assets, public files). */
  written: number;
  /** Files hard-linked from the source build (siblings not counted). */
  linked: number;
}

/** Thrown when the finished build misses a page the plan counted on: the publish then builds in full. */
export class IncompleteBuildError extends Error {
  override name = 'IncompleteBuildError';
}

/** The files (originals) of `paths` in the source build, and every name they and their siblings take. */
function listReusedFiles(source: SourceBuild | undefined, paths: Iterable<string>): { originals: string[]; names: Set<string> } {
  const originals = [...paths].flatMap((path) => source?.files.get(path) ?? []);
  return { originals, names: new Set(originals.flatMap((f) => [f, `${f}.br`, `${f}.gz`])) };
}

/**
 * Completes the folder Astro just wrote: hashes and precompresses what Astro wrote (reusing
 * the source build's siblings of byte-identical files) while hard-linking the pages the plan
 * left out (or, in a staged folder, removing the pages the catalog no longer has), then checks
 * that every keyed page is there, and returns the build's manifest.
 */
export async function finishBuild(nextDir: string, id: string, plan: RenderPlan, source: SourceBuild | undefined): Promise<FinishedBuild> {
  const client = join(nextDir, 'client');
  const staged = plan.staged;
  if (staged) for (const path of staged.paths) if (!plan.keys.has(path)) unlinkStaged(staged, path);
  const reused = listReusedFiles(source, plan.reused);
  const all = listFiles(client);
  if (staged) {
    const held = new Set(all);
    const lost = reused.originals.filter((f) => {
      const entry = source!.manifest.files.get(f)!;
      return !held.has(f) || (entry.br > 0 && !held.has(`${f}.br`)) || (entry.gz > 0 && !held.has(`${f}.gz`));
    });
    if (lost.length) throw new IncompleteBuildError(`the staged build lost ${lost.length} files (${lost.slice(0, 3).join(', ')})`);
  }
  const listed = staged ? all.filter((f) => !reused.names.has(f)) : all;
  const present = new Set(listed);
  const written = listed.filter((f) => !(isCompressedSibling(f) && present.has(f.slice(0, -3))));
  const jobs = written.map((file) => {
    const before = source?.manifest.files.get(file);
    return { path: join(client, file), ...(before ? { previous: { ...before, path: join(source!.dir, 'client', file) } } : {}) };
  });
  const compressing = precompressFiles(jobs);
  // Linking runs on this thread while the workers compress (a staged folder holds the links already).
  let linked = new Map<string, ManifestFile>();
  try {
    if (staged) linked = new Map(reused.originals.map((f) => [f, source!.manifest.files.get(f)!]));
    else if (source) linked = linkReused(source, nextDir, plan.reused);
  } catch (err) {
    await compressing.catch(() => {});
    throw new IncompleteBuildError(`a file of ${source!.dir} could not be reused (${(err as Error).message})`);
  }
  const results = await compressing;
  const files = new Map(linked);
  for (const r of results) files.set(r.path.slice(client.length + 1), { hash: r.hash, size: r.size, br: r.br, gz: r.gz });
  if (!plan.templates) throw new IncompleteBuildError('the catalog integration did not report the templates it built');
  const manifest: BuildManifest = { build: id, files, templates: plan.templates };
  const unknown = [...plan.keyedRoutes].filter((route) => !plan.routes.has(route));
  if (unknown.length) throw new IncompleteBuildError(`keyed routes name patterns Astro does not have: ${unknown.join(', ')}`);
  const served = indexServedFiles(manifest);
  const missing = [...plan.keys.keys()].filter((path) => !served.has(path));
  if (missing.length) throw new IncompleteBuildError(`${missing.length} keyed pages are missing from the build (${missing.slice(0, 3).join(', ')})`);
  return { manifest, compression: summarizeCompression(results), written: written.length, linked: linked.size };
}
