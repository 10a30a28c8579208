import { join, relative, sep } from 'node:path';
import { precompressFiles, summarizeCompression, type PrecompressStats } from './precompress-files.ts';
import type { RenderPlan } from './render-plan.ts';
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

/**
 * Completes the folder Astro just wrote: hashes and precompresses what Astro wrote (reusing
 * the source build's siblings of byte-identical files) while hard-linking the pages the plan
 * left out, then checks that every keyed page is there, and returns the build's manifest.
 */
export async function finishBuild(nextDir: string, id: string, plan: RenderPlan, source: SourceBuild | undefined): Promise<FinishedBuild> {
  const client = join(nextDir, 'client');
  const written = listFiles(client).filter((f) => !isCompressedSibling(f));
  const jobs = written.map((file) => {
    const before = source?.manifest.files.get(file);
    return { path: join(client, file), ...(before ? { previous: { ...before, path: join(source!.dir, 'client', file) } } : {}) };
  });
  const compressing = precompressFiles(jobs);
  // Linking runs on this thread while the workers compress.
  let linked = new Map<string, ManifestFile>();
  try {
    if (source) linked = linkReused(source, nextDir, plan.reused);
  } catch (err) {
    await compressing.catch(() => {});
    throw new IncompleteBuildError(`a file of ${source!.dir} could not be reused (${(err as Error).message})`);
  }
  const results = await compressing;
  const files = new Map(linked);
  for (const r of results) files.set(relative(client, r.path).split(sep).join('/'), { hash: r.hash, size: r.size, br: r.br, gz: r.gz });
  if (!plan.templates) throw new IncompleteBuildError('the catalog integration did not report the templates it built');
  const manifest: BuildManifest = { build: id, files, templates: plan.templates };
  const unknown = [...plan.keyedRoutes].filter((route) => !plan.routes.has(route));
  if (unknown.length) throw new IncompleteBuildError(`keyed routes name patterns Astro does not have: ${unknown.join(', ')}`);
  const served = indexServedFiles(manifest);
  const missing = [...plan.keys.keys()].filter((path) => !served.has(path));
  if (missing.length) throw new IncompleteBuildError(`${missing.length} keyed pages are missing from the build (${missing.slice(0, 3).join(', ')})`);
  return { manifest, compression: summarizeCompression(results), written: written.length, linked: linked.size };
}
