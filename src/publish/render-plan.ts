import { rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The handshake between a publish (src/publish) and the pages' getStaticPaths, which run inside
 * Astro's build in the same process. A publish that reuses the previous build installs a plan;
 * each keyed route then lists every path with a key covering all its page shows (given the
 * code and config, which the publish compares itself), and hands Astro only the paths whose key
 * differs from the previous build's. The publish hard-links the rest. Without a plan (a plain
 * `astro build`) every path is rendered.
 */

/** What the publish asks of one Astro build, and what the routes report back. */
export interface RenderPlan {
  /** Keys of the paths the previous build holds: a path whose key is unchanged is not rendered. */
  reusable: ReadonlyMap<string, string>;
  /** Every keyed path of this build (served path → key), filled as routes list their paths. */
  keys: Map<string, string>;
  /** Keyed paths left to the publish to link from the previous build. */
  reused: Set<string>;
  /** Paths of parameterized routes handed to Astro, keyed or not (for the progress total). */
  rendering: number;
  /** Prerendered routes without parameters (one page each), from Astro's resolved routes. */
  staticRoutes: number;
  /** Every prerendered route pattern Astro resolved (`/templates/[slug]`). */
  routes: Set<string>;
  /** The patterns keyed routes named themselves with (each must be one of `routes`). */
  keyedRoutes: Set<string>;
  /** Template id → digest of each template of the catalog built (for the manifest), set when it loads. */
  templates?: Map<string, string>;
  /** Set when the catalog failed its checks: the lines to show instead of a stack trace. */
  catalogError?: string;
  /** The new build's folder already holds links to these pages (staging.ts): one rendered again is unlinked first. */
  staged?: { client: string; paths: ReadonlySet<string>; files: ReadonlyMap<string, string[]> };
}

const PLAN = Symbol.for('template-catalog.render-plan');
type WithPlan = { [PLAN]?: RenderPlan };

/** Starts a plan for the next build in this process (returns it, to read after the build). */
export function installRenderPlan(reusable: ReadonlyMap<string, string>): RenderPlan {
  const plan: RenderPlan = { reusable, keys: new Map(), reused: new Set(), rendering: 0, staticRoutes: 0, routes: new Set(), keyedRoutes: new Set() };
  (globalThis as WithPlan)[PLAN] = plan;
  return plan;
}

/** Ends the plan: later builds in this process render everything again. */
export function removeRenderPlan(): void {
  delete (globalThis as WithPlan)[PLAN];
}

/** The plan of the build running in this process, if a publish installed one. */
export function readRenderPlan(): RenderPlan | undefined {
  return (globalThis as WithPlan)[PLAN];
}

/** Removes a staged page's links (and its siblings') so that Astro writes a new file, never into a link. */
export function unlinkStaged(staged: NonNullable<RenderPlan['staged']>, path: string): void {
  for (const file of staged.files.get(path) ?? []) {
    for (const name of [file, `${file}.br`, `${file}.gz`]) rmSync(join(staged.client, name), { force: true });
  }
}

/** `/templates/[slug]` with `{ slug: 'x' }` → `/templates/x`, encoded as a request path. */
export function fillRoute(route: string, params: Readonly<Record<string, string | undefined>>): string {
  return encodeURI(route.replace(/\[(\w+)\]/g, (_, name: string) => params[name] ?? ''));
}

/**
 * The paths of `route` (its pattern, as its file sits under src/pages) for Astro to render.
 * With `keyOf`, each path is keyed by what its page shows (only from the entry: a keyed page
 * must not read the catalog beyond its props and params) and left out when the previous
 * build already holds it under the same key. Without `keyOf` every path is rendered.
 */
export function selectStaticPaths<T extends { params: Record<string, string | undefined> }>(
  route: string,
  entries: readonly T[],
  keyOf?: (entry: T) => string,
): T[] {
  const plan = readRenderPlan();
  if (!plan) return [...entries];
  if (!keyOf) {
    plan.rendering += entries.length;
    return [...entries];
  }
  plan.keyedRoutes.add(route);
  const selected: T[] = [];
  for (const entry of entries) {
    const path = fillRoute(route, entry.params);
    const key = keyOf(entry);
    plan.keys.set(path, key);
    if (plan.reusable.get(path) === key) plan.reused.add(path);
    else {
      if (plan.staged?.paths.has(path)) unlinkStaged(plan.staged, path);
      selected.push(entry);
    }
  }
  plan.rendering += selected.length;
  return selected;
}
