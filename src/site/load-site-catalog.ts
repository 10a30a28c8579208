import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Config } from '../schemas/config.ts';
import { createCatalog, type Catalog } from '../core/catalog/catalog.ts';
import { sortNewestFirst } from '../core/catalog/sort-newest-first.ts';
import { CatalogError, validateCatalog, type SourceFile, type ValidCatalog } from '../core/catalog/validate-catalog.ts';
import { formatIssues } from '../core/format-issues.ts';
import type { z } from 'zod';
import { filterWordsFileSchema, type FilterWordsFile } from '../schemas/filter-words.ts';
import { synonymsFileSchema, type SynonymsFile } from '../schemas/synonyms.ts';
import { buildSearchIndex } from '../core/search/search-index.ts';

/** Catalog files are `{slug}.json`; files starting with `_` hold catalog metadata. */
export const CATEGORIES_FILE = '_categories.json';
/** The search's synonyms table (optional: without it, no synonyms). */
export const SYNONYMS_FILE = '_synonyms.json';
/** The words a query may carry as constraints (optional: without it, every word is matched as a word). */
export const FILTER_WORDS_FILE = '_filter-words.json';

/** Reads and validates an optional table of the catalog folder, or throws CatalogError naming the problems. */
function readTable<S extends z.ZodType>(dir: string, name: string, schema: S, absent: z.input<S>): z.output<S> {
  const path = join(dir, name);
  let raw: unknown = absent;
  if (existsSync(path)) {
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      throw new CatalogError([`${path}: is not valid JSON (${(err as Error).message})`]);
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new CatalogError(formatIssues(parsed.error).map((l) => `${path}: ${l}`));
  return parsed.data;
}

/** Reads and validates the synonyms table, or throws CatalogError naming the problems. */
export function readSynonyms(dir: string): SynonymsFile {
  return readTable(dir, SYNONYMS_FILE, synonymsFileSchema, { groups: [] });
}

/** Reads and validates the filter words, or throws CatalogError naming the problems. */
export function readFilterWords(dir: string): FilterWordsFile {
  return readTable(dir, FILTER_WORDS_FILE, filterWordsFileSchema, {});
}

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

/**
 * Kept on globalThis: a build imports this module several times (the publish script, the Astro
 * config's bundle, the prerender bundle), and each copy would otherwise load the catalog again.
 */
const CACHE = Symbol.for('template-catalog.site-catalog');
type WithCache = { [CACHE]?: { key: string; site: SiteCatalog } };

/** Loads, validates and indexes the catalog once per build process. Throws CatalogError. */
export function loadSiteCatalog(config: Config): SiteCatalog {
  const key = JSON.stringify([resolve(config.CATALOG_DIR), config.SITE_URL, config.STUDIO_URL, config.MEDIA_URL]);
  const held = (globalThis as WithCache)[CACHE];
  if (held?.key === key) return held.site;
  const { categories, files } = readCatalogSources(config.CATALOG_DIR);
  const valid = validateCatalog(categories, files, {
    siteUrl: config.SITE_URL,
    studioUrl: config.STUDIO_URL,
    mediaUrl: config.MEDIA_URL,
  });
  // Indexed newest first, the order the catalog serves in, so loading needs no re-sort.
  const templates = sortNewestFirst(valid.entries.map((e) => e.template));
  const index = buildSearchIndex(templates, readSynonyms(config.CATALOG_DIR));
  const site = { valid, catalog: createCatalog(valid.categories, templates, index, readFilterWords(config.CATALOG_DIR)) };
  (globalThis as WithCache)[CACHE] = { key, site };
  return site;
}
