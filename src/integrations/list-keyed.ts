import { digestTemplate, digestText } from '../core/catalog/digest-template.ts';
import type { KeyedOutputs, KeyedSource } from '../contracts/published/keyed-outputs.ts';
import { listTemplateFiles } from '../contracts/published/template-files.ts';
import { listTemplatePages } from '../contracts/published/template-pages.ts';
import type { KeyedEntry } from '../publish/manifest-segments.ts';
import { identifySocialRenderer } from '../publish/social-image-raster.ts';
import type { SiteCatalog } from '../site/load-site-catalog.ts';
import type { Config } from '../schemas/config.ts';

/** The keyed outputs of a loaded catalog (with their props and renderers), and one digest of their addresses in order. */
export interface OutputListing {
  outputs: KeyedOutputs;
  /** Two listings of the same catalog by the same code agree on it, output for output. */
  digest: string;
}

type OutputSettings = Pick<Config, 'PRERENDER_TEMPLATES' | 'SOCIAL_IMAGES'>;

/** What the keyed outputs of `site` are listed from, as the build settings ask (PRERENDER_TEMPLATES, SOCIAL_IMAGES), with this machine's renderer. */
export function toKeyedSource({ valid, catalog }: SiteCatalog, config: OutputSettings): KeyedSource {
  return { entries: valid.entries, catalog, prerender: config.PRERENDER_TEMPLATES, socialImages: config.SOCIAL_IMAGES, socialRenderer: identifySocialRenderer() };
}

/** Lists the keyed outputs of `site` (src/contracts/published), without keying them. */
export function listOutputs(site: SiteCatalog, config: OutputSettings): OutputListing {
  const source = toKeyedSource(site, config);
  const outputs = { pages: listTemplatePages(source), files: listTemplateFiles(source) };
  const paths = [...outputs.pages, ...outputs.files].map((o) => o.path);
  return { outputs, digest: digestText(paths.join('\n')) };
}

/** The manifest entries of every keyed output (keyed now) and each template's digest, by id. */
export function keyOutputs({ pages, files }: KeyedOutputs, site: SiteCatalog): { entries: KeyedEntry[]; templates: Map<string, string> } {
  // Astro writes a page at `/templates/x` as templates/x.html (build.format 'file').
  const entries = [
    ...pages.map((p) => ({ path: p.path, key: p.key(), file: `${decodeURI(p.path.slice(1))}.html` })),
    ...files.map((f) => ({ path: f.path, key: f.key(), file: f.file })),
  ];
  return { entries, templates: new Map(site.catalog.templates.map((t) => [t.id, digestTemplate(t)])) };
}
