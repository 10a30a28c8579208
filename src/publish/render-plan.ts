import type { KeyedOutputs, TemplatePage } from '../contracts/published/keyed-outputs.ts';
import { resetBuildTime } from '../contracts/published/build-time.ts';
import type { SourceBuild } from './plan-publish.ts';
import type { CompressPool } from './precompress-files.ts';
import type { RenderSelection } from './select-renders.ts';
import type { ValidatedFiles } from './validated-store.ts';

/**
 * The handshake between a publish (src/publish), the catalog integration and the template
 * page's getStaticPaths, which all run in one process during Astro's build. The publish
 * installs a plan naming the build to reuse (if any); the integration, once the catalog is
 * loaded, lists every keyed output with its key and selects what to render; the page route
 * hands Astro only the selected pages, and the integration writes only the selected files.
 * A plain `astro build` gets a plan of its own from the integration: everything is rendered.
 */

/** The keyed outputs of the build running now, and which of them are rendered. */
export interface KeyedBuild {
  outputs: KeyedOutputs;
  /** Template id → digest of each template of the catalog built. */
  templates: Map<string, string>;
  selection: RenderSelection;
}

/** What one Astro build in this process is asked to do, and what it reports back. */
export interface RenderPlan {
  /** Installed by a publish, which then compresses, links and records the build itself. */
  publish: boolean;
  /** The build whose outputs are reused where their keys are unchanged (none: render everything). */
  source?: SourceBuild;
  /** An earlier build whose compressed siblings a byte-identical file takes (the source, or in a full build the last of this catalog). */
  siblingsFrom?: SourceBuild;
  /** The workers writing and compressing this build's files, started when Astro begins to render. */
  pool?: CompressPool;
  /** The raster cache the pool takes social images from and keeps them in (a publish's; raster-cache.ts). */
  rasterCache?: string;
  /** Where the pool writes the keyed files (merged into `client/` when the build is done). */
  keyedDir?: string;
  /** Where the catalog's validated files are remembered between publishes, and the code they belong to. */
  validated?: ValidatedFiles;
  /** Settles when the catalog worker has ended: it records what it validated after answering. */
  loaderEnded?: Promise<void>;
  /** Settles once the loaded catalog is this process's and its keyed files are queued (or failed to be). */
  receiving?: Promise<void>;
  /** Settles once the catalog-wide files (rendered on the catalog worker after it answers) are queued too. */
  catalogFilesQueued?: Promise<void>;
  /** Set when the catalog has loaded (src/integrations/catalog-integration.ts). */
  keyed?: KeyedBuild;
  /** Set when the catalog failed its checks: the lines to show instead of a stack trace. */
  catalogError?: string;
  /** Prerendered routes without parameters (one page each), from Astro's resolved routes. */
  staticRoutes: number;
  /** Every prerendered route pattern Astro resolved (`/templates/[slug]`). */
  routes: Set<string>;
}

const PLAN = Symbol.for('template-catalog.render-plan');
type WithPlan = { [PLAN]?: RenderPlan };

/** Starts a plan for the next build in this process (returns it, to read after the build). */
export function installRenderPlan(opts: Pick<RenderPlan, 'publish' | 'source' | 'siblingsFrom' | 'validated' | 'rasterCache'>): RenderPlan {
  resetBuildTime(); // a new build states its own instant
  const plan: RenderPlan = { ...opts, staticRoutes: 0, routes: new Set() };
  (globalThis as WithPlan)[PLAN] = plan;
  return plan;
}

/** Ends the plan: a later build in this process starts from nothing. */
export function removeRenderPlan(): void {
  delete (globalThis as WithPlan)[PLAN];
}

/** The plan of the build running in this process, if one was installed. */
export function readRenderPlan(): RenderPlan | undefined {
  return (globalThis as WithPlan)[PLAN];
}

/** Pages Astro renders now (for the progress total): the selected template pages and every route without parameters. */
export function countPagesToRender(plan: RenderPlan): number {
  const pages = plan.keyed ? plan.keyed.outputs.pages.filter((p) => plan.keyed!.selection.render.has(p.path)).length : 0;
  return pages + plan.staticRoutes;
}

/**
 * The template pages for Astro to render (the route's getStaticPaths): those the plan
 * selected, or, outside a build that listed them (`astro dev`), every page of `list()`.
 */
export function selectTemplatePages(list: () => TemplatePage[]): Pick<TemplatePage, 'params' | 'props'>[] {
  const keyed = readRenderPlan()?.keyed;
  const pages = keyed ? keyed.outputs.pages.filter((p) => keyed.selection.render.has(p.path)) : list();
  return pages.map(({ params, props }) => ({ params, props }));
}
