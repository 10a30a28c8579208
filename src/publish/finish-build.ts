import { join } from 'node:path';
import { TEMPLATE_PAGE_ROUTE } from '../contracts/published/template-pages.ts';
import { linkManifestSegment, readManifestSegment, writeManifestHead, writeManifestSegment, type ManifestHead } from './build-manifest.ts';
import { linkRecords, listSiblings } from './link-reused.ts';
import type { KeyedRecord, ManifestFile, ManifestSegment } from './manifest-segments.ts';
import { mergeStaged } from './merge-staged.ts';
import { mergeTrees } from './merge-trees.ts';
import type { SourceBuild } from './plan-publish.ts';
import { startCompressPool, summarizeCompression, type PrecompressStats } from './precompress-files.ts';
import { lookUpPreviousFiles } from './previous-files.ts';
import type { KeyedBuild, RenderPlan } from './render-plan.ts';
import { isCompressedSibling } from '../contracts/published/compressed-siblings.ts';
import { listFiles } from './scan-files.ts';
import { claimStaging } from './staging.ts';

/** What finishing a build did, for the manifest, the change list, the log and the bench. */
export interface FinishedBuild {
  head: ManifestHead;
  /** The segments this build wrote (every one in a full build; the unchanged ones are linked). */
  segments: Map<number, ManifestSegment>;
  compression: PrecompressStats;
  /** Files this build wrote (Astro's and the keyed files), siblings aside. */
  written: number;
  /** Keyed outputs rendered, and taken from the source build. */
  rendered: number;
  reused: number;
  /** Whether the reused outputs came from the staged tree (else linked now, or none: a full build). */
  staged: boolean;
  /** Why a staged tree could not be taken, when there was none to take or it was changed. */
  stagingProblem?: string;
}

/** Thrown when the finished build misses what the plan counted on: the publish then builds in full. */
export class IncompleteBuildError extends Error {
  override name = 'IncompleteBuildError';
}

/** The build's keyed outputs as the plan selected them; throws when the build did not report them. */
function readKeyed(plan: RenderPlan): KeyedBuild {
  if (!plan.keyed) throw new IncompleteBuildError('the catalog integration did not report the templates it built');
  if (!plan.routes.has(TEMPLATE_PAGE_ROUTE)) throw new IncompleteBuildError(`Astro has no ${TEMPLATE_PAGE_ROUTE} route for the template pages`);
  return plan.keyed;
}

const entryOf = ({ hash, size, br, gz }: ManifestFile): ManifestFile => ({ hash, size, br, gz });

/**
 * Completes the folder Astro and the catalog integration just wrote: hashes and precompresses
 * what they wrote (reusing the siblings of byte-identical files of an earlier build), brings in the
 * keyed outputs reused from the source build (from the staged tree, or by linking them now),
 * and writes the manifest: the head, the changed segments, links to the unchanged ones. Only
 * what changed is read, written or listed; a full build lists everything it wrote.
 */
export async function finishBuild(buildDir: string, id: string, buildsDir: string, plan: RenderPlan): Promise<FinishedBuild> {
  const { selection: sel } = readKeyed(plan);
  const client = join(buildDir, 'client');
  const listed = listFiles(client); // what Astro wrote: the keyed files are in their own folder until the pool is done
  const present = new Set(listed);
  const originals = listed.filter((f) => !(isCompressedSibling(f) && present.has(f.slice(0, -3))));
  const rendered = new Map<string, string>(); // file → path, of the keyed outputs rendered
  for (const s of sel.changed.values()) for (const e of s.keyed) if (sel.render.has(e.path)) rendered.set(e.file, e.path);

  // The keyed and catalog-wide files went to the pool as the catalog arrived; everything Astro wrote follows now.
  await plan.catalogFilesQueued;
  const pool = plan.pool ?? startCompressPool();
  const previous = lookUpPreviousFiles(plan);
  pool.add(
    originals.map((file) => {
      const was = previous(file);
      return { path: join(client, file), ...(was ? { previous: was } : {}) };
    }),
  );
  const results = await pool.finish();
  if (plan.keyedDir) mergeTrees(plan.keyedDir, client);
  const keyedRoot = `${plan.keyedDir}/`;
  const entries = new Map(results.map((r) => [r.path.startsWith(keyedRoot) ? r.path.slice(keyedRoot.length) : r.path.slice(client.length + 1), entryOf(r)]));
  const missing = [...rendered.keys()].filter((f) => !entries.has(f));
  if (missing.length) throw new IncompleteBuildError(`${missing.length} keyed outputs are missing from the build (${missing.slice(0, 3).join(', ')})`);

  const files = new Map([...entries].filter(([file]) => !rendered.has(file)));
  const segments = new Map<number, ManifestSegment>();
  for (const [n, { digest, keyed, templates }] of sel.changed) {
    const records = keyed.map((e): KeyedRecord => ({ ...e, ...entryOf(sel.render.has(e.path) ? entries.get(e.file)! : sel.previous.get(e.path)!) }));
    segments.set(n, { digest, keyed: records, templates });
  }
  const head: ManifestHead = { build: id, segments: sel.digests, files };
  const reused = sel.outputs - sel.render.size;
  let staged = false;
  let stagingProblem: string | undefined;
  if (plan.source) {
    const source = plan.source;
    const claim = claimStaging(buildsDir, source.head.build, join(buildDir, 'client.staged'));
    if ('client' in claim) {
      const replaced = [...sel.render].flatMap((path) => sel.previous.get(path) ?? []).concat(sel.removed);
      mergeStaged(buildDir, claim.client, replaced, [...entries].flatMap(([file, entry]) => listSiblings(file, entry)));
      staged = true;
    } else {
      stagingProblem = claim.problem;
      linkFromSource(buildDir, source, plan);
    }
  }
  writeManifestHead(buildDir, head);
  for (let n = 0; n < sel.digests.length; n++) {
    const segment = segments.get(n);
    if (segment) writeManifestSegment(buildDir, n, sel.digests.length, segment);
    else linkManifestSegment(plan.source!.dir, buildDir, n);
  }
  return { head, segments, compression: summarizeCompression(results), written: entries.size, rendered: sel.render.size, reused, staged, ...(stagingProblem ? { stagingProblem } : {}) };
}

/** Links every reused keyed output from the source build (no staged tree): reads every unchanged segment. */
function linkFromSource(buildDir: string, source: SourceBuild, plan: RenderPlan): void {
  const sel = plan.keyed!.selection;
  const kept = [...sel.changed.values()].flatMap((s) => s.keyed.filter((e) => !sel.render.has(e.path)).map((e) => sel.previous.get(e.path)!));
  try {
    linkRecords(source.dir, buildDir, kept);
    for (let n = 0; n < sel.digests.length; n++) {
      if (!sel.changed.has(n)) linkRecords(source.dir, buildDir, readManifestSegment(source.dir, n, sel.digests.length).keyed);
    }
  } catch (err) {
    throw new IncompleteBuildError(`a file of ${source.dir} could not be reused (${(err as Error).message})`);
  }
}
