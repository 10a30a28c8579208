import { catalogFileSchema, categoriesFileSchema, type CatalogFile, type Category } from '../../schemas/catalog-file.ts';
import type { Template } from '../../schemas/template.ts';
import { formatIssues } from '../format-issues.ts';
import { deriveTemplate, type SiteUrls } from './derive-template.ts';

/**
 * A source file as read from disk: its display path and text, and the text's digest when a
 * record of validated files is used (then a file the record holds may come without its text).
 */
export interface SourceFile {
  path: string;
  text?: string;
  digest?: string;
}

/** A validated catalog entry: the file data (palette included) and the public template. */
export interface CatalogEntry {
  source: string;
  data: CatalogFile;
  template: Template;
}

/** The validated catalog: categories in display order and one entry per template. */
export interface ValidCatalog {
  categories: Category[];
  entries: CatalogEntry[];
  /** Each file's validated data by its text's digest (files read with one), to remember for the next load. */
  validated: Map<string, CatalogFile>;
}

/** Thrown when catalog data is bad; `problems` holds one `file: field: rule` line each. */
export class CatalogError extends Error {
  override name = 'CatalogError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The catalog has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

function parseJson(file: SourceFile, problems: string[]): unknown {
  try {
    return JSON.parse(file.text!);
  } catch (err) {
    problems.push(`${file.path}: is not valid JSON (${(err as Error).message})`);
    return undefined;
  }
}

/** A file's own checks (JSON, then the schema), or the data `known` holds for its digest. */
function parseFile(file: SourceFile, known: ReadonlyMap<string, CatalogFile>, problems: string[]): CatalogFile | undefined {
  const held = file.digest === undefined ? undefined : known.get(file.digest);
  if (held) return held;
  const raw = parseJson(file, problems);
  if (raw === undefined) return undefined;
  const parsed = catalogFileSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  problems.push(...formatIssues(parsed.error).map((l) => `${file.path}: ${l}`));
  return undefined;
}

/**
 * The entries of files validated elsewhere (a build's catalog worker sends each file's source
 * and data, not the template: deriving 10,000 templates again takes ~30 ms, copying them
 * across threads as JSON ~0.3 s more than the data alone). Categories are those validated with them.
 */
export function deriveEntries(categories: readonly Category[], files: readonly [source: string, data: CatalogFile][], urls: SiteUrls): CatalogEntry[] {
  const byCategory = new Map(categories.map((c) => [c.id, c]));
  return files.map(([source, data]) => ({ source, data, template: deriveTemplate(data, byCategory.get(data.category)!, urls) }));
}

/**
 * Validates every catalog file and derives the public templates. Collects all problems
 * before failing, so one build run reports everything an author must fix. A file whose digest
 * `known` holds passed its own checks before, text for text, and is not parsed again (the
 * schema is code: a publish with other code starts with nothing known); the checks across
 * files (category, name, ids and slugs) run on every file every time.
 */
export function validateCatalog(categoriesFile: SourceFile, files: SourceFile[], urls: SiteUrls, known: ReadonlyMap<string, CatalogFile> = new Map()): ValidCatalog {
  const problems: string[] = [];
  const rawCategories = parseJson(categoriesFile, problems);
  const cats = rawCategories === undefined ? undefined : categoriesFileSchema.safeParse(rawCategories);
  if (cats && !cats.success) problems.push(...formatIssues(cats.error).map((l) => `${categoriesFile.path}: ${l}`));
  const categories = cats?.success ? cats.data : [];
  const byCategory = new Map(categories.map((c) => [c.id, c]));

  const entries: CatalogEntry[] = [];
  const validated = new Map<string, CatalogFile>();
  const owners = new Map<string, string>(); // id or slug -> file that claimed it
  for (const file of files) {
    const data = parseFile(file, known, problems);
    if (data === undefined) continue;
    if (file.digest !== undefined) validated.set(file.digest, data);
    const category = byCategory.get(data.category);
    if (!category) {
      if (cats?.success) problems.push(`${file.path}: field "category": "${data.category}" is not listed in ${categoriesFile.path}`);
      continue;
    }
    if (!file.path.endsWith(`/${data.slug}.json`) && file.path !== `${data.slug}.json`) {
      problems.push(`${file.path}: field "slug": the file must be named ${data.slug}.json`);
    }
    for (const [field, value] of [['id', data.id], ['slug', data.slug]] as const) {
      const owner = owners.get(value);
      if (owner && owner !== file.path) problems.push(`${file.path}: field "${field}": "${value}" is already an id or slug of ${owner}`);
      else owners.set(value, file.path);
    }
    entries.push({ source: file.path, data, template: deriveTemplate(data, category, urls) });
  }
  if (problems.length) throw new CatalogError(problems);
  return { categories, entries, validated };
}
