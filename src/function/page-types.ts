import type { CacheClass } from '../core/cdn/cache-policy.ts';
import type { Catalog } from '../core/catalog/catalog.ts';
import type { Compress } from '../http/content-coding.ts';
import type { Config } from '../schemas/config.ts';
import type { RewriterClass } from './html-rewrite.ts';
import type { AstroPage } from './on-demand-answer.ts';
import type { TailAnswer } from '../http/tail/answer-tail.ts';

/** How the pipeline asks the static half to answer a file: as the route's class, with a status, after the request's own headers. */
export interface StaticAnswer {
  status?: number;
  cache?: CacheClass;
  echo?: readonly string[];
}

/**
 * The static half: a file by its path, as the static host answers a GET (or HEAD) of it; a 404
 * when it has none. `exact` static halves (the origin's files) answer with the route's own
 * headers (`as`), which the pages then pass on untouched; the others' answers are reclassed.
 * The origin answers a file it holds in memory without a promise.
 */
export type StaticHalf = ((request: Request, path: string, as?: StaticAnswer) => Response | Promise<Response>) & { exact?: boolean };

/** An on-demand page: its answer to a request of its path, or undefined to let the files answer. */
export type OnDemandAnswerer = (request: Request, url: URL, common: readonly string[]) => Promise<Response | undefined>;

/** What the page answers read. */
export interface PageContext {
  catalog: Catalog;
  config: Config;
  staticHalf: StaticHalf;
  astroPage: AstroPage | undefined;
  /** The runtime's HTMLRewriter, which fills the prerendered pages where the Astro page does not run. */
  rewriter: RewriterClass | undefined;
  compress: Compress | undefined;
  /** The tail's files on demand (src/http/tail), asked before a 404. */
  tail?: TailAnswer | undefined;
}
