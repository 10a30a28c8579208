import { digestTemplate, digestText } from '../core/catalog/digest-template.ts';
import type { KeyedOutputs } from '../contracts/published/keyed-outputs.ts';
import { listTemplateFiles } from '../contracts/published/template-files.ts';
import { listTemplatePages } from '../contracts/published/template-pages.ts';
import type { KeyedEntry } from '../publish/manifest-segments.ts';
import type { SiteCatalog } from '../site/load-site-catalog.ts';

/** Every keyed output of a loaded catalog, as outputs (with their props and renderers) and as manifest entries. */
export interface KeyedListing {
  outputs: KeyedOutputs;
  entries: KeyedEntry[];
  /** Template id → digest. */
  templates: Map<string, string>;
  /** One digest of every entry's path and key, in order: two listings of the same catalog agree on it. */
  digest: string;
}

/** Lists the keyed outputs of `site` (src/contracts/published) with the names Astro and the publish give their files. */
export function listKeyed({ valid, catalog }: SiteCatalog): KeyedListing {
  const source = { entries: valid.entries, catalog };
  const outputs = { pages: listTemplatePages(source), files: listTemplateFiles(source) };
  // Astro writes a page at `/templates/x` as templates/x.html (build.format 'file').
  const entries = [
    ...outputs.pages.map(({ path, key }) => ({ path, key, file: `${decodeURI(path.slice(1))}.html` })),
    ...outputs.files.map(({ path, key, file }) => ({ path, key, file })),
  ];
  const templates = new Map(catalog.templates.map((t) => [t.id, digestTemplate(t)]));
  return { outputs, entries, templates, digest: digestText(entries.map((e) => `${e.path}\t${e.key}`).join('\n')) };
}
