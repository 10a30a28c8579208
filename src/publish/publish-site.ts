import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'astro';
import type { Config } from '../schemas/config.ts';
import type { ChangeList } from '../schemas/change-list.ts';
import { fingerprintInputs } from './build-inputs.ts';
import { createBuildProgress, setBuildProgress } from './build-progress.ts';
import { writeBuildManifest } from './build-manifest.ts';
import { createBuildDir, locateBuildsDir, publishBuild, resolveBuild } from './build-layout.ts';
import { computeChangeList, writeChangeList } from './change-list.ts';
import { readBuildContents } from './describe-build.ts';
import { finishBuild, type FinishedBuild } from './finish-build.ts';
import { planPublish, type PublishPlan } from './plan-publish.ts';
import { startAfterPublish } from './after-publish.ts';
import { installRenderPlan, removeRenderPlan } from './render-plan.ts';
import { claimStaging } from './staging.ts';
import { writeReuseCache } from './reuse-cache.ts';

/** Astro's log lines go to the build's progress (page count on a terminal, a quiet log elsewhere). */
const ASTRO_LOG = fileURLToPath(new URL('./astro-log.ts', import.meta.url));

/** The catalog failed its checks; the message lists each problem as `file: field: rule`. */
export class CatalogFailure extends Error {
  override name = 'CatalogFailure';
}

/** A publish's settings: the project root (where astro.config.mjs is) and the configuration. */
export interface PublishOptions {
  root: string;
  config: Config;
  /** Build everything even when the previous build could be reused. */
  full?: boolean;
  /** Where the publish's own lines go. */
  log: (line: string) => void;
}

/** What a publish did. */
export interface Published extends FinishedBuild {
  dir: string;
  plan: PublishPlan;
  changes: ChangeList;
  /** Whether the build started from the staged links of its source (staging.ts). */
  staged: boolean;
  /** Paths of keyed routes handed to Astro, and keyed paths reused. */
  rendered: number;
  reused: number;
}

/** The manifest of the build `distDir` serves now (what the change list compares with). */
function readServed(distDir: string, source: PublishPlan['source']) {
  let dir: string;
  try {
    dir = resolveBuild(distDir).dir;
  } catch {
    return null;
  }
  return source?.dir === dir ? source.manifest : readBuildContents(dir);
}

/**
 * Builds the catalog into a new build folder, reusing the newest build of the same catalog
 * folder where its plan allows, writes the manifest, the change list and the reuse cache, and
 * only then points DIST_DIR at it. Astro runs in this process, so the catalog its integration
 * loads is the one its pages read and the one the manifest describes. On failure (a bad
 * catalog: CatalogFailure, with the lines to show) the new folder is deleted and nothing else
 * changes.
 */
export async function publishSite({ root, config, full = false, log }: PublishOptions): Promise<Published> {
  const dist = config.DIST_DIR.replace(/\/+$/, '');
  const buildsDir = locateBuildsDir(dist);
  const inputs = fingerprintInputs(root, config);
  const plan = planPublish(buildsDir, config.CATALOG_DIR, inputs, full);
  if (plan.warning) log(plan.warning);
  const next = createBuildDir(dist);
  const id = basename(next);
  const renderPlan = installRenderPlan(plan.reusable);
  const staged = plan.mode === 'incremental' ? claimStaging(buildsDir, plan.source!, plan.reusable, next) : null;
  if (staged) renderPlan.staged = { client: join(next, 'client'), paths: staged, files: plan.source!.files };
  const progress = createBuildProgress({ tty: process.stdout.isTTY === true, total: () => renderPlan.rendering + renderPlan.staticRoutes, write: (s) => process.stdout.write(s) });
  setBuildProgress(progress);
  try {
    process.env.DIST_DIR = next; // astro.config.mjs reads the configuration again
    // The folder is new (or staged with links to keep): Astro must not empty it first.
    await build({ root, mode: 'production', logger: { entrypoint: ASTRO_LOG }, vite: { build: { emptyOutDir: false } } });
    progress.end();
    const finished = await finishBuild(next, id, renderPlan, plan.source);
    writeBuildManifest(next, finished.manifest);
    const changes = computeChangeList(finished.manifest, readServed(dist, plan.source), plan.mode);
    writeChangeList(next, changes);
    writeReuseCache({ catalogDir: config.CATALOG_DIR, buildsDir, build: id, inputs, keys: renderPlan.keys });
    publishBuild(dist, next);
    startAfterPublish(dist, id);
    return { ...finished, dir: next, plan, changes, staged: staged !== null, rendered: renderPlan.keys.size - renderPlan.reused.size, reused: renderPlan.reused.size };
  } catch (err) {
    rmSync(next, { recursive: true, force: true });
    if (renderPlan.catalogError) throw new CatalogFailure(renderPlan.catalogError);
    throw err;
  } finally {
    progress.end();
    setBuildProgress(undefined);
    removeRenderPlan();
    process.env.DIST_DIR = dist;
  }
}
