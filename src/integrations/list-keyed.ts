import { digestTemplate, digestText } from '../core/catalog/digest-template.ts';
import type { KeyedOutputs } from '../contracts/published/keyed-outputs.ts';
import { listTemplateFiles } from '../contracts/published/template-files.ts';
import { listTemplatePages } from '../contracts/published/template-pages.ts';
import type { KeyedEntry } from '../publish/manifest-segments.ts';
import { identifySocialRenderer } from '../publish/social-image-raster.ts';
import type { SiteCatalog } from '../site/load-site-catalog.ts';
import { toKeyedSource, type OutputSettings } from './keyed-source.ts';

/** The keyed outputs of a loaded catalog (with their props and renderers), and one digest of their addresses in order. */
export interface OutputListing {
  outputs: KeyedOutputs;
  /** Two listings of the same catalog by the same code agree on it, output for output. */
  digest: string;
}

/** Lists the keyed outputs of `site` (src/contracts/published) with this machine's renderer, without keying them. */
export function listOutputs(site: SiteCatalog, config: OutputSettings): OutputListing {
  const source = toKeyedSource(site, config, identifySocialRenderer());
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
