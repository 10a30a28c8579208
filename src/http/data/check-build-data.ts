import { formatIssues } from '../../core/format-issues.ts';
import { loadSearchIndex, type SearchIndex } from '../../core/search/search-index.ts';
import { catalogHeadSchema, catalogShardEnvelopeSchema, type CatalogHead } from '../../schemas/catalog-data.ts';
import { templateSchema, type Template } from '../../schemas/template.ts';

/**
 * The checks a loaded build's data passes before it is served, one implementation for the
 * origin (files, src/server/lifecycle/read-*.ts) and the function (the static half or files):
 * the catalog head's shape, each shard's envelope, the template count, a sample of templates
 * against the Template shape, and the search index against the catalog.
 */

/** Thrown when the build is missing or unreadable; the message says how to make one. */
export class BuildError extends Error {
  override name = 'BuildError';
}

/** The refusal of a build whose files are there but wrong. */
export const corruptBuild = (what: string) => new BuildError(`The build is corrupt: ${what}. Rebuild with \`npm run build\`.`);

/** `text` parsed as JSON; anything else refuses the build, naming `path`. */
export function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw corruptBuild(`${path} is not valid JSON (${(err as Error).message})`);
  }
}

/** `data/catalog.json` read and checked against the catalog head's shape. */
export function checkCatalogHead(text: string, path: string): CatalogHead {
  const parsed = catalogHeadSchema.safeParse(parseJson(text, path));
  if (parsed.success) return parsed.data;
  const lines = formatIssues(parsed.error).slice(0, 5);
  throw new BuildError(`The build is corrupt: ${path} does not match the catalog shape:\n  ${lines.join('\n  ')}\nRebuild with \`npm run build\`.`);
}

/** One shard file's templates, its envelope checked (the templates themselves: checkSample). */
export function checkShard(text: string, file: string): readonly unknown[] {
  const checked = catalogShardEnvelopeSchema.safeParse(parseJson(text, file));
  if (!checked.success) throw corruptBuild(`${file} is not a catalog shard`);
  return checked.data.templates;
}

/** The shards together hold as many templates as the head says. */
export function checkTemplateCount(count: number, head: CatalogHead, path: string): void {
  if (count !== head.templateCount) throw corruptBuild(`the shards hold ${count} templates where ${path} says ${head.templateCount}`);
}

/** The search index read from its bytes, indexing exactly the catalog's templates. */
export function checkSearchIndex(bytes: Uint8Array, path: string, templateCount: number, options: { lazyPostings?: boolean } = {}): SearchIndex {
  let index: SearchIndex;
  try {
    index = loadSearchIndex(bytes, options);
  } catch (err) {
    throw new BuildError(`The build is corrupt: ${path} is not a search index (${(err as Error).message}). Rebuild with \`npm run build\`.`);
  }
  if (index.ids.length !== templateCount) throw new BuildError(`The build is corrupt: ${path} indexes ${index.ids.length} templates, the catalog has ${templateCount}. Rebuild with \`npm run build\`.`);
  return index;
}

/** Templates checked in full when there are more, spread evenly from first to last. */
const SAMPLE_SIZE = 64;
/**
 * Up to this many, every template is checked in full: what a reload parses after an edit or
 * two (a shard holds up to ~1,024 templates). The 775 templates of one shard of a
 * 50,000-template build take 6–8 ms once zod's schema is warm, 28–83 ms the first time in a
 * process (five runs, this 2-core machine).
 */
const CHECK_ALL_UP_TO = 2048;

/**
 * Checks every template has a string id and slug, and that they match the Template shape: all
 * of them when they are few (CHECK_ALL_UP_TO), else a spread sample; `where(i)` names
 * template i for the message (`template 3 of …/data/catalog/1.json`).
 */
export function checkSample(templates: readonly unknown[], where: (i: number) => string, size = templates.length <= CHECK_ALL_UP_TO ? templates.length : SAMPLE_SIZE): void {
  const bad = templates.findIndex((t) => typeof (t as Template | null)?.id !== 'string' || typeof (t as Template).slug !== 'string');
  if (bad !== -1) throw corruptBuild(`${where(bad)} has no string id and slug`);
  const last = templates.length - 1;
  size = Math.min(size, templates.length);
  const picks = new Set(Array.from({ length: size }, (_, k) => Math.round((k * last) / Math.max(1, size - 1))));
  for (const i of picks) {
    const checked = templateSchema.safeParse(templates[i]);
    if (!checked.success) {
      const lines = formatIssues(checked.error).slice(0, 5);
      throw new BuildError(`The build is corrupt: ${where(i)} does not match the Template shape:\n  ${lines.join('\n  ')}\nRebuild with \`npm run build\`.`);
    }
  }
}

/**
 * How many templates of each of `shards` shards checkSample checks when they are checked one
 * at a time (as each arrives): all of them when the catalog is small, else about as many in
 * all as one check of the whole catalog.
 */
export function shardSampleSize(templateCount: number, shards: number): number {
  return templateCount <= CHECK_ALL_UP_TO ? Infinity : Math.max(2, Math.ceil(SAMPLE_SIZE / shards));
}

/** Names template i of `shards` (taken together) for a message: `template 3 of …/data/catalog/1.json`. */
export function nameTemplate(shards: readonly { file: string; templates: readonly unknown[] }[]) {
  return (i: number) => {
    let k = 0;
    for (; i >= shards[k]!.templates.length; k++) i -= shards[k]!.templates.length;
    return `template ${i} of ${shards[k]!.file}`;
  };
}
