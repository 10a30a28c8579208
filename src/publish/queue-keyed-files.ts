import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startCompressPool } from './precompress-files.ts';
import { lookUpPreviousFiles } from './previous-files.ts';
import type { RenderPlan } from './render-plan.ts';

/**
 * Hands the keyed files this build renders (twins, API envelopes, posters, shards) and the
 * catalog-wide files (llms-full.txt, the sitemaps) to the compress pool, which writes each one exclusively and compresses it while Astro bundles and
 * renders its pages. They go to a folder of their own beside the build (`{outDir}.keyed`),
 * merged into `client/` once the build is done: Astro lists `client/` into the server bundle's
 * manifest of static files and empties its output folder first.
 */
export function queueKeyedFiles(plan: RenderPlan, keyedDir: string): void {
  const keyed = plan.keyed;
  if (!keyed) return;
  rmSync(keyedDir, { recursive: true, force: true }); // left by a build that died
  mkdirSync(keyedDir, { recursive: true });
  plan.keyedDir = keyedDir;
  // The catalog-wide files first: the largest, so their compression starts soonest.
  const files = [...keyed.catalogFiles, ...keyed.outputs.files.filter((f) => keyed.selection.render.has(f.path))];
  const previous = lookUpPreviousFiles(plan);
  for (const folder of new Set(files.map((f) => dirname(f.file)))) mkdirSync(join(keyedDir, folder), { recursive: true });
  plan.pool ??= startCompressPool();
  plan.pool.add(
    files.map((f) => {
      const was = previous(f.file);
      return { path: join(keyedDir, f.file), text: () => f.render(), ...(was ? { previous: was } : {}) };
    }),
  );
}
