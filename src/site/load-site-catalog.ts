import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { Config } from '../schemas/config.ts';
import { createCatalog, type Catalog } from '../core/catalog/catalog.ts';
import { sortNewestFirst } from '../core/catalog/sort-newest-first.ts';
import { CatalogError, validateCatalog, type SourceFile, type ValidCatalog } from '../core/catalog/validate-catalog.ts';
import { formatIssues } from '../core/format-issues.ts';
import type { z } from 'zod';
import { filterWordsFileSchema, type FilterWordsFile } from '../schemas/filter-words.ts';
import { synonymsFileSchema, type SynonymsFile } from '../schemas/synonyms.ts';
import { buildSearchIndex } from '../core/search/search-index.ts';
import type { SiteUrls } from '../core/catalog/derive-template.ts';
import { digestText } from '../core/catalog/digest-template.ts';
import { isSameRecord, type SeenFile, type ValidatedStore } from '../core/catalog/validated-record.ts';
import { relateByWordNet } from './read-wordnet.ts';
import type { RelatedWordsStore } from '../core/search/relate-words.ts';
import { isSettled, signFile } from './source-stats.ts';

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

/** The catalog folder's files as read, and, when recording, how each one looked (signature and digest). */
export interface CatalogSources {
  categories: SourceFile;
  files: SourceFile[];
  seen: Map<string, SeenFile>;
}

/**
 * Reads the catalog folder's files as text (the build's only catalog I/O). With `seen` (what a
 * publish recorded), each file gets its digest, and a file that still looks as recorded
 * (source-stats.ts) is not read: it comes with its digest and no text.
 */
export function readCatalogSources(dir: string, seen?: ReadonlyMap<string, SeenFile>): CatalogSources {
  const relativeDir = relative(process.cwd(), dir);
  const shownDir = relativeDir.startsWith('..') || isAbsolute(relativeDir) ? resolve(dir) : relativeDir;
  const now = new Map<string, SeenFile>();
  const read = (name: string): SourceFile => {
    const path = shownDir ? `${shownDir}/${name}` : name;
    const full = join(dir, name);
    if (!seen) return { path, text: readFileSync(full, 'utf8') };
    const readAt = Date.now();
    const signature = signFile(full);
    const was = seen.get(name);
    if (was?.[0] === signature) {
      now.set(name, was);
      return { path, digest: was[1] };
    }
    const bytes = readFileSync(full);
    const digest = digestText(bytes);
    if (isSettled(signature, readAt)) now.set(name, [signature, digest]);
    return { path, text: bytes.toString('utf8'), digest };
  };
  const names = readdirSync(dir).filter((n) => n.endsWith('.json') && !n.startsWith('_')).sort();
  const categories = { path: shownDir ? `${shownDir}/${CATEGORIES_FILE}` : CATEGORIES_FILE, text: readFileSync(join(dir, CATEGORIES_FILE), 'utf8') };
  return { categories, files: names.map(read), seen: now };
}

/** Gives every file whose text the record does not hold validated its text (its signature matched, its data is gone). */
function readUnknown(dir: string, sources: CatalogSources, known: ReadonlyMap<string, unknown>): void {
  for (const file of sources.files) {
    if (file.text === undefined && !known.has(file.digest!)) file.text = readFileSync(join(dir, basename(file.path)), 'utf8');
  }
}

/** The addresses a catalog's templates are derived with. */
export function readSiteUrls(config: Config): SiteUrls {
  return { siteUrl: config.SITE_URL, studioUrl: config.STUDIO_URL, mediaUrl: config.MEDIA_URL };
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

const memoKey = (config: Config) => JSON.stringify([resolve(config.CATALOG_DIR), config.SITE_URL, config.STUDIO_URL, config.MEDIA_URL]);

/** Makes `site` the catalog this process loads for `config` (loaded elsewhere: a worker thread of the build). */
export function holdSiteCatalog(config: Config, site: SiteCatalog): void {
  (globalThis as WithCache)[CACHE] = { key: memoKey(config), site };
}

/**
 * Loads, validates and indexes the catalog once per build process. Throws CatalogError. With
 * `remember` (a publish), files validated by the last load with the same code are not
 * validated again, and this load's are remembered for the next (core/catalog/validated-record.ts).
 */
export function loadSiteCatalog(config: Config, remember?: ValidatedStore): SiteCatalog {
  const { site, record } = loadSiteCatalogFirst(config, remember);
  record();
  return site;
}

/**
 * As loadSiteCatalog, but what this load validated is remembered only when `record` is called:
 * a publish's catalog worker answers first and writes the record after, off the publish's
 * critical path (10,000 templates: ~0.6 s; 50,000: ~1.3 s). With `related` (a publish), the
 * words related by meaning are kept for the next publish.
 */
export function loadSiteCatalogFirst(config: Config, remember?: ValidatedStore, related?: RelatedWordsStore): { site: SiteCatalog; record: () => void } {
  const key = memoKey(config);
  const held = (globalThis as WithCache)[CACHE];
  if (held?.key === key) return { site: held.site, record: () => {} };
  const known = remember?.read();
  const sources = readCatalogSources(config.CATALOG_DIR, known?.seen);
  if (known) readUnknown(config.CATALOG_DIR, sources, known.files);
  const urls = readSiteUrls(config);
  const valid = validateCatalog(sources.categories, sources.files, urls, known?.files);
  const next = { files: valid.validated, seen: sources.seen };
  // Rewritten only when something changed: at 50,000 templates the record is ~40 MB.
  const record = () => {
    if (remember && !isSameRecord(known!, next)) remember.write(next);
  };
  // Indexed newest first, the order the catalog serves in, so loading needs no re-sort.
  const templates = sortNewestFirst(valid.entries.map((e) => e.template));
  const index = buildSearchIndex(templates, readSynonyms(config.CATALOG_DIR), (targets) => relateByWordNet(targets, related));
  const site = { valid, catalog: createCatalog(valid.categories, templates, index, readFilterWords(config.CATALOG_DIR)) };
  (globalThis as WithCache)[CACHE] = { key, site };
  return { site, record };
}
