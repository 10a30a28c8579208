import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startCompressPool } from './precompress-files.ts';
import { lookUpPreviousFiles } from './previous-files.ts';
import type { RenderPlan } from './render-plan.ts';

/** A file for the pool to write under the keyed folder: its name under `client/` and its text (or how to make it). */
export interface FileToWrite {
  file: string;
  text: string | (() => string);
  /** The text is an SVG to write as PNG. */
  rasterize?: boolean;
  /** Names under `client/` of files with the same bytes, linked to this one once written. */
  links?: string[];
}

/** Queues `files` on the plan's pool (started now if need be), each with its previous build's entry for sibling reuse. */
function queueWrites(plan: RenderPlan, keyedDir: string, files: readonly FileToWrite[]): void {
  const previous = lookUpPreviousFiles(plan);
  for (const folder of new Set(files.flatMap((f) => [f.file, ...(f.links ?? [])]).map(dirname))) mkdirSync(join(keyedDir, folder), { recursive: true });
  plan.pool ??= startCompressPool(plan.rasterCache ? { rasterCache: plan.rasterCache } : {});
  plan.pool.add(
    files.map((f) => {
      const was = previous(f.file);
      const links = f.links?.map((l) => join(keyedDir, l));
      return { path: join(keyedDir, f.file), text: f.text, ...(f.rasterize ? { rasterize: true } : {}), ...(links ? { links } : {}), ...(was ? { previous: was } : {}) };
    }),
  );
}

/**
 * Hands the keyed files this build renders (twins, API envelopes, posters, shards) to the
 * compress pool, which writes each one exclusively and compresses it while Astro bundles and
 * renders its pages, into the build's keyed folder (keyed-folder.ts says why it is apart).
 */
export function queueKeyedFiles(plan: RenderPlan, keyedDir: string): void {
  const keyed = plan.keyed;
  if (!keyed) return;
  rmSync(keyedDir, { recursive: true, force: true }); // left by a build that died
  mkdirSync(keyedDir, { recursive: true });
  plan.keyedDir = keyedDir;
  const files = keyed.outputs.files.filter((f) => keyed.selection.render.has(f.path));
  // A file with another's bytes is linked to it when both are written now (10,000 templates:
  // 10,000 envelopes by slug, each rendered, compressed and created with its siblings again).
  const written = new Map(files.map((f) => [f.path, f.file]));
  const links = new Map<string, string[]>();
  const own = files.filter((f) => {
    const to = f.sameAs === undefined ? undefined : written.get(f.sameAs);
    if (to === undefined) return true;
    links.set(to, [...(links.get(to) ?? []), f.file]);
    return false;
  });
  queueWrites(plan, keyedDir, own.map((f) => ({ file: f.file, text: () => f.render(), ...(f.rasterize ? { rasterize: true } : {}), ...(links.has(f.file) ? { links: links.get(f.file) } : {}) })));
}

/** Hands the catalog-wide files (llms-full.txt, the sitemaps: rendered on the catalog worker) to the pool, after the keyed files' folder exists. */
export function queueCatalogFiles(plan: RenderPlan, files: readonly FileToWrite[]): void {
  if (!plan.keyedDir) throw new Error('the catalog-wide files came before the keyed files were queued');
  queueWrites(plan, plan.keyedDir, files);
}
