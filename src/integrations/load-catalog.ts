import { Worker } from 'node:worker_threads';
import type { CatalogFile, Category } from '../schemas/catalog-file.ts';
import type { Config } from '../schemas/config.ts';
import type { FilterWordsFile } from '../schemas/filter-words.ts';
import { getBuildTime } from '../contracts/published/build-time.ts';
import { createCatalog } from '../core/catalog/catalog.ts';
import { rememberDigest } from '../core/catalog/digest-template.ts';
import { CatalogError, deriveEntries } from '../core/catalog/validate-catalog.ts';
import type { SearchIndex } from '../core/search/search-index.ts';
import type { TopicalPair } from '../core/search/topical-pairs.ts';
import { IncompleteBuildError } from '../publish/finish-build.ts';
import type { FileToWrite } from '../publish/queue-keyed-files.ts';
import type { RenderPlan } from '../publish/render-plan.ts';
import type { RenderSelection } from '../publish/select-renders.ts';
import { holdSiteCatalog, readSiteUrls, type SiteCatalog } from '../site/load-site-catalog.ts';
import { listOutputs } from './list-keyed.ts';

/** What the worker is given: the configuration, the build's instant (ISO) and the plan's record of validated files and source build. */
export type CatalogJob = { config: Config; builtAt: string } & Pick<RenderPlan, 'validated' | 'source'>;

/** What the worker loaded, as it crosses to the main thread (a structured copy; the postings move). */
export interface LoadedCatalog {
  categories: Category[];
  /**
   * The validated entries as JSON `[source, data]` pairs (their templates are derived again on
   * arrival: deriveEntries): V8 parses JSON about three times as fast as it copies the same
   * objects between threads (50,000 templates: 0.30 s against 0.87 s to receive).
   */
  entries: string;
  /** Built from the templates newest first: its ids are the catalog's order. */
  index: SearchIndex;
  filterWords: FilterWordsFile;
  topicalPairs: readonly TopicalPair[];
  /** Each template's digest, in the index's order. */
  digests: string[];
  /** The digest of the worker's listing of keyed outputs (list-keyed.ts), which the main thread's must equal. */
  listing: string;
  selection: RenderSelection;
}

/** The worker's first message. */
export type WorkerAnswer = { loaded: LoadedCatalog } | { problems: string[] } | { error: string };

/** The worker's second message, after a loaded catalog: the catalog-wide files it rendered (catalog-files.ts), or why not. */
export type WorkerFiles = { files: FileToWrite[] } | { filesError: string };

/** A catalog load under way: the catalog, the catalog-wide files rendered after it, and the worker's end. */
export interface CatalogLoad {
  loaded: Promise<LoadedCatalog>;
  catalogFiles: Promise<FileToWrite[]>;
  ended: Promise<void>;
}

/**
 * Starts loading the catalog on a thread of its own, so that validating, indexing and keying
 * it (~2.4 s at 10,000 templates on the main thread) runs while the main thread imports Astro
 * and bundles (~6 s). Resolves with what the worker posted; CatalogError for a bad catalog.
 */
export function startCatalogLoad(job: CatalogJob): CatalogLoad {
  const worker = new Worker(new URL('./catalog-worker.ts', import.meta.url), { workerData: job });
  // The worker records what it validated after answering: a publish waits for it before it ends.
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const loaded = Promise.withResolvers<LoadedCatalog>();
  const catalogFiles = Promise.withResolvers<FileToWrite[]>();
  catalogFiles.promise.catch(() => {}); // reported where it is awaited
  // One listener for both messages, in the order the worker posts them.
  worker.on('message', (message: WorkerAnswer | WorkerFiles) => {
    if ('loaded' in message) loaded.resolve(message.loaded);
    else if ('problems' in message) loaded.reject(new CatalogError(message.problems));
    else if ('error' in message) loaded.reject(new Error(`loading the catalog failed: ${message.error}`));
    else if ('files' in message) catalogFiles.resolve(message.files);
    else catalogFiles.reject(new Error(`rendering the catalog-wide files failed: ${message.filesError}`));
  });
  const fail = (err: Error) => {
    loaded.reject(err);
    catalogFiles.reject(err);
  };
  worker.once('error', fail);
  // Settled promises ignore this: it only fails what the worker never sent.
  worker.once('exit', (code) => fail(new Error(`the catalog worker exited with ${code} before answering`)));
  return { loaded: loaded.promise, catalogFiles: catalogFiles.promise, ended };
}

const started = new WeakMap<RenderPlan, CatalogLoad>();

/**
 * The catalog load of the build `plan` describes, started now unless it already was: a publish
 * starts it before Astro is even imported (scripts/lib/build-command.ts), a plain `astro build` when its
 * configuration is set up; either way the build takes over this one load.
 */
export function loadCatalogFor(config: Config, plan: RenderPlan): CatalogLoad {
  let load = started.get(plan);
  if (!load) {
    // The instant the worker's files state is the build's: pinned here, before the worker starts.
    load = startCatalogLoad({ config, builtAt: getBuildTime().toISOString(), validated: plan.validated, source: plan.source });
    plan.loaderEnded = load.ended;
    load.loaded.catch(() => {}); // reported where it is awaited
    started.set(plan, load);
  }
  return load;
}

/**
 * Makes the worker's catalog this process's (the one every page reads) and lists its keyed
 * outputs here, with the worker's digests and selection. The listing must be the worker's,
 * entry for entry: if not, the build is not what the selection describes, and it is refused.
 */
export function receiveCatalog(config: Config, loaded: LoadedCatalog, plan: RenderPlan): SiteCatalog {
  const entries = deriveEntries(loaded.categories, JSON.parse(loaded.entries) as [string, CatalogFile][], readSiteUrls(config));
  const byId = new Map(entries.map((e) => [e.template.id, e.template]));
  const templates = loaded.index.ids.map((id, n) => {
    const t = byId.get(id)!;
    rememberDigest(t, loaded.digests[n]!);
    return t;
  });
  const catalog = createCatalog(loaded.categories, templates, loaded.index, loaded.filterWords, { topicalPairs: loaded.topicalPairs });
  const site = { valid: { categories: loaded.categories, entries, validated: new Map() }, catalog };
  holdSiteCatalog(config, site);
  const listing = listOutputs(site, config);
  if (listing.digest !== loaded.listing) throw new IncompleteBuildError('the keyed outputs listed here differ from those the catalog worker selected from');
  plan.keyed = { outputs: listing.outputs, templates: new Map(templates.map((t, n) => [t.id, loaded.digests[n]!])), selection: loaded.selection };
  return site;
}
