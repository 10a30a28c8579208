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
}

/** Queues `files` on the plan's pool (started now if need be), each with its previous build's entry for sibling reuse. */
function queueWrites(plan: RenderPlan, keyedDir: string, files: readonly FileToWrite[]): void {
  const previous = lookUpPreviousFiles(plan);
  for (const folder of new Set(files.map((f) => dirname(f.file)))) mkdirSync(join(keyedDir, folder), { recursive: true });
  plan.pool ??= startCompressPool(plan.rasterCache ? { rasterCache: plan.rasterCache } : {});
  plan.pool.add(
    files.map((f) => {
      const was = previous(f.file);
      return { path: join(keyedDir, f.file), text: f.text, ...(f.rasterize ? { rasterize: true } : {}), ...(was ? { previous: was } : {}) };
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
  queueWrites(plan, keyedDir, files.map((f) => ({ file: f.file, text: () => f.render(), ...(f.rasterize ? { rasterize: true } : {}) })));
}

/** Hands the catalog-wide files (llms-full.txt, the sitemaps: rendered on the catalog worker) to the pool, after the keyed files' folder exists. */
export function queueCatalogFiles(plan: RenderPlan, files: readonly FileToWrite[]): void {
  if (!plan.keyedDir) throw new Error('the catalog-wide files came before the keyed files were queued');
  queueWrites(plan, plan.keyedDir, files);
}
