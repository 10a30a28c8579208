import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Config } from '../schemas/config.ts';
import { createCatalog, type Catalog } from '../core/catalog/catalog.ts';
import { validateCatalog, type SourceFile, type ValidCatalog } from '../core/catalog/validate-catalog.ts';
import { buildSearchIndex } from '../core/search/search-index.ts';

/** Catalog files are `{slug}.json`; files starting with `_` hold catalog metadata. */
export const CATEGORIES_FILE = '_categories.json';

/** Reads the catalog folder's files as text (the build's only catalog I/O). */
export function readCatalogSources(dir: string): { categories: SourceFile; files: SourceFile[] } {
  const read = (name: string): SourceFile => {
    const path = join(dir, name);
    const shown = relative(process.cwd(), path);
    return { path: shown.startsWith('..') || isAbsolute(shown) ? resolve(path) : shown, text: readFileSync(path, 'utf8') };
  };
  const names = readdirSync(dir).filter((n) => n.endsWith('.json') && !n.startsWith('_')).sort();
  return { categories: read(CATEGORIES_FILE), files: names.map(read) };
}

/** The validated catalog with its entries (palettes included) and the runtime catalog. */
export interface SiteCatalog {
  valid: ValidCatalog;
  catalog: Catalog;
}

let cached: SiteCatalog | undefined;

/** Loads, validates and indexes the catalog once per build process. Throws CatalogError. */
export function loadSiteCatalog(config: Config): SiteCatalog {
  if (cached) return cached;
  const { categories, files } = readCatalogSources(config.CATALOG_DIR);
  const valid = validateCatalog(categories, files, {
    siteUrl: config.SITE_URL,
    studioUrl: config.STUDIO_URL,
    mediaUrl: config.MEDIA_URL,
  });
  const templates = valid.entries.map((e) => e.template);
  cached = { valid, catalog: createCatalog(valid.categories, templates, buildSearchIndex(templates)) };
  return cached;
}
