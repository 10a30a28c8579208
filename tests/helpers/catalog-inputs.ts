import { validateCatalog } from '../../src/core/catalog/validate-catalog.ts';
import { readCatalogSources, readSynonyms } from '../../src/site/load-site-catalog.ts';
import type { SynonymsFile } from '../../src/schemas/synonyms.ts';
import type { Template } from '../../src/schemas/template.ts';
import { createSyntheticCatalog, type SyntheticOptions } from '../../scripts/lib/synthetic-catalog.ts';

const URLS = { siteUrl: 'https://catalog.test', studioUrl: 'https://studio.test', mediaUrl: 'https://media.test' };

/** A catalog as the build holds it before sorting: validated templates (in file-name order) and its synonyms. */
export interface CatalogInput {
  name: string;
  templates: Template[];
  synonyms: SynonymsFile;
}

// Made once per worker: test files share modules (isolate: false), several read these, none changes them.
const made = new Map<string, CatalogInput>();
const once = (key: string, make: () => CatalogInput) => made.get(key) ?? made.set(key, make()).get(key)!;

/** The repository catalog (templates/), validated as the build does. */
export function readRepositoryInput(): CatalogInput {
  return once('templates/', readRepository);
}

function readRepository(): CatalogInput {
  const { categories, files } = readCatalogSources('templates');
  const valid = validateCatalog(categories, files, URLS);
  return { name: 'templates/', templates: valid.entries.map((e) => e.template), synonyms: readSynonyms('templates') };
}

/** A synthetic catalog (scripts/lib/synthetic-catalog.ts) validated in memory, with the repository's synonyms when realistic. */
export function createSyntheticInput(options: SyntheticOptions): CatalogInput {
  return once(JSON.stringify(options), () => createSynthetic(options));
}

function createSynthetic(options: SyntheticOptions): CatalogInput {
  const catalog = createSyntheticCatalog(options);
  const files = catalog.files.map((f) => ({ path: f.name, text: f.text })).sort((a, b) => (a.path < b.path ? -1 : 1));
  const valid = validateCatalog({ path: '_categories.json', text: catalog.categories }, files, URLS);
  const synonyms = catalog.tables.length ? readSynonyms('templates') : { groups: [] };
  return { name: `${options.count} synthetic (${options.vocabulary})`, templates: valid.entries.map((e) => e.template), synonyms };
}
