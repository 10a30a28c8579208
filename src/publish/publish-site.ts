import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../schemas/config.ts';
import type { ChangeList } from '../schemas/change-list.ts';
import { fingerprintInputs } from './build-inputs.ts';
import { createBuildProgress, setBuildProgress } from './build-progress.ts';
import { createBuildDir, locateBuildsDir, publishBuild, resolveBuild } from './build-layout.ts';
import { computeChangeList, writeChangeList } from './change-list.ts';
import { collectContents, readBuildContents, readManifestContents } from './describe-build.ts';
import { finishBuild, type FinishedBuild } from './finish-build.ts';
import { planPublish, type PublishPlan } from './plan-publish.ts';
import { startAfterPublish } from './after-publish.ts';
import { countPagesToRender, installRenderPlan, removeRenderPlan, type RenderPlan } from './render-plan.ts';
import { prepareRasterCache } from './raster-cache.ts';
import { locateValidatedFiles, writeReuseCache } from './reuse-cache.ts';
import { writeHostFiles } from './write-host-files.ts';
import { forgetRelatedWords, locateSharedRelatedWords } from './related-store.ts';

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
  /** Called with the plan before Astro is imported: work that need not wait for Astro starts here (the catalog load). */
  prepare?: (plan: RenderPlan) => void;
}

/** What a publish did. */
export interface Published extends FinishedBuild {
  dir: string;
  plan: PublishPlan;
  changes: ChangeList;
}

/**
 * The change list against the build `distDir` serves now. When that is the source build, only
 * the segments that changed can differ, so both sides are read from those alone; otherwise
 * (another catalog served, a first publish) every file of both builds is compared.
 */
function listChanges(distDir: string, dir: string, plan: RenderPlan, done: FinishedBuild): ChangeList {
  let served: string | null;
  try {
    served = resolveBuild(distDir).dir;
  } catch {
    served = null;
  }
  const source = plan.source;
  if (source && served === source.dir) {
    const sel = plan.keyed!.selection;
    const written = [...done.segments.values()];
    const next = collectContents(done.head.build, done.head.files, written.flatMap((s) => s.keyed), written.flatMap((s) => s.templates));
    const previous = collectContents(source.head.build, source.head.files, sel.previous.values(), sel.previousTemplates);
    return computeChangeList(next, previous, 'incremental');
  }
  return computeChangeList(readManifestContents(dir), served ? readBuildContents(served) : null, plan.source ? 'incremental' : 'full');
}

/**
 * Builds the catalog into a new build folder, reusing the newest build of the same catalog
 * folder where its plan allows, writes the manifest, the change list and the reuse cache, and
 * only then points DIST_DIR at it. Astro runs in this process, so the catalog its integration
 * loads is the one its pages read and the one the manifest describes. On failure (a bad
 * catalog: CatalogFailure, with the lines to show) the new folder is deleted and nothing else
 * changes.
 */
export async function publishSite({ root, config, full = false, log, prepare }: PublishOptions): Promise<Published> {
  const dist = config.DIST_DIR.replace(/\/+$/, '');
  const buildsDir = locateBuildsDir(dist);
  const inputs = fingerprintInputs(root, config);
  const plan = planPublish(buildsDir, config.CATALOG_DIR, inputs, full);
  if (plan.warning) log(plan.warning);
  const next = createBuildDir(dist);
  const id = basename(next);
  const validated = { file: locateValidatedFiles(buildsDir, config.CATALOG_DIR), key: inputs.code, ...(full ? {} : { shared: locateSharedRelatedWords() }) };
  if (full) {
    // --full trusts nothing an earlier publish kept
    rmSync(validated.file, { force: true });
    forgetRelatedWords(validated.file);
  }
  const rasterCache = prepareRasterCache(buildsDir); // checked entries: `--full` takes them too
  const renderPlan = installRenderPlan({ publish: true, validated, ...(rasterCache ? { rasterCache } : {}), ...(plan.source ? { siblingsFrom: plan.source } : {}), ...(plan.mode === 'incremental' ? { source: plan.source! } : {}) });
  const progress = createBuildProgress({ tty: process.stdout.isTTY === true, total: () => countPagesToRender(renderPlan), write: (s) => process.stdout.write(s) });
  setBuildProgress(progress);
  try {
    prepare?.(renderPlan);
    // A publish sends nothing anywhere: Astro's telemetry would post an event and run git for a project id (~0.1 s).
    process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
    // Imported only now: loading Astro's modules takes ~1.5 s the prepared work runs beside.
    const { build } = await import('astro');
    process.env.DIST_DIR = next; // astro.config.mjs reads the configuration again
    await build({ root, mode: 'production', logger: { entrypoint: ASTRO_LOG } });
    progress.end();
    const finished = await finishBuild(next, id, buildsDir, renderPlan);
    if (finished.stagingProblem) log(`staging: ${finished.stagingProblem}; linking from the previous build instead`);
    const { repaired } = finished.compression.images;
    if (repaired) log(`raster cache: ${repaired} damaged ${repaired === 1 ? 'entry' : 'entries'} drawn again and replaced`);
    writeHostFiles(join(next, 'client'), config); // from the finished tree, as a full `astro build` writes them
    const changes = listChanges(dist, next, renderPlan, finished);
    writeChangeList(next, changes);
    writeReuseCache({ catalogDir: config.CATALOG_DIR, buildsDir, build: id, inputs });
    publishBuild(dist, next);
    startAfterPublish(dist, id);
    await renderPlan.loaderEnded; // its record of validated files is on disk before the process may exit
    return { ...finished, dir: next, plan, changes };
  } catch (err) {
    await renderPlan.catalogFilesQueued?.catch(() => {}); // nothing is queued after the cleanup (it follows the receipt)
    await renderPlan.receiving?.catch(() => {});
    await renderPlan.loaderEnded; // nor is the validated record cut short by the exit that follows
    await renderPlan.pool?.finish().catch(() => {}); // its workers end before the folders go
    for (const dir of [next, renderPlan.keyedDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    if (renderPlan.catalogError) throw new CatalogFailure(renderPlan.catalogError);
    throw err;
  } finally {
    progress.end();
    setBuildProgress(undefined);
    removeRenderPlan();
    process.env.DIST_DIR = dist;
  }
}
