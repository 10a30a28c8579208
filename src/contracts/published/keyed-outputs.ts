import type { Catalog } from '../../core/catalog/catalog.ts';
import type { CatalogEntry } from '../../core/catalog/validate-catalog.ts';
import type { Template } from '../../schemas/template.ts';

/**
 * The outputs that grow with the catalog (a page, a twin, two API envelopes and posters per
 * template, the catalog shards), each with a key that covers everything it shows. Given the
 * same code and configuration, an unchanged key means unchanged bytes: a publish renders only
 * the outputs whose key changed and takes the rest from the previous build
 * (src/publish/plan-render.ts). Everything else the site publishes shows the whole catalog and
 * is rendered every time.
 */

/** What keyed outputs are listed from: the validated entries (with palettes) and the runtime catalog. */
export interface KeyedSource {
  entries: readonly CatalogEntry[];
  catalog: Catalog;
  /** PRERENDER_TEMPLATES: how many templates, newest first, get files (prerender-head.ts); unset, all. */
  prerender?: number | undefined;
  /** SOCIAL_IMAGES: `on-demand` writes no social image (the function and origin draw them); unset, `build`. */
  socialImages?: 'build' | 'on-demand' | undefined;
  /** The renderer's identity social image addresses carry (identifySocialRenderer at build). */
  socialRenderer: string;
}

/**
 * An output by the address that serves it (`/templates/x`, `/api/v1/templates/tpl-1`) and its
 * key, made when asked: the thread that selects what to render keys every output, the one
 * that renders only lists them.
 */
export interface KeyedOutput {
  path: string;
  key(): string;
}

/** A file the publish writes itself, without Astro's page machinery: text derived from the catalog. */
export interface WrittenFile {
  /** The address that serves it. */
  path: string;
  /** Its name under the build's `client/` folder. */
  file: string;
  render(): string;
  /** The text is an SVG and the file its PNG (a social image): the compress pool rasterizes it. */
  rasterize?: boolean;
  /**
   * The address of a file listed before it whose bytes it always has (an envelope by slug, its
   * envelope by id): written as a link to that one, rendered and compressed once.
   */
  sameAs?: string;
}

/** A written file with a key: rendered only when the key changed. */
export interface PublishedFile extends KeyedOutput, WrittenFile {}

/** A template page, rendered by Astro's `/templates/[slug]` route from these params and props. */
export interface TemplatePage extends KeyedOutput {
  params: { slug: string };
  /** `socialImage`: the address of its social image (its og:image), hashed from what it is drawn from. */
  props: { template: Template; related: Template[]; socialImage: string };
}

/** Every keyed output of one catalog. */
export interface KeyedOutputs {
  pages: TemplatePage[];
  files: PublishedFile[];
}
