import type { Catalog } from '../../core/catalog/catalog.ts';
import { API_VERSION } from '../../core/operations/api-version.ts';
import { encodeListColumns, type ListColumnsFile } from '../../core/catalog/list-columns.ts';
import type { CatalogHead, CatalogShard } from '../../schemas/catalog-data.ts';
import type { Template } from '../../schemas/template.ts';

/** About this many templates (~1 MB of JSON) a shard; the shard count is a power of two. */
const TEMPLATES_PER_SHARD = 1024;
const MAX_SHARDS = 4096;

/**
 * How many shards a catalog of `count` templates is split into: a power of two, so the count
 * changes (and every shard is rewritten) only when the catalog doubles or halves.
 */
export function countCatalogShards(count: number): number {
  return countPowerOfTwo(count, TEMPLATES_PER_SHARD, MAX_SHARDS);
}

/** The least power of two (at most `max`) of buckets that holds `count` items at `perBucket` each. */
export function countPowerOfTwo(count: number, perBucket: number, max: number): number {
  let n = 1;
  while (n < max && n * perBucket < count) n *= 2;
  return n;
}

/** The shard of a template: FNV-1a of its id, so an edit or an addition touches one shard. */
export function selectShard(id: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % shards;
}

/** The path of shard `n` from the site root (`*`: every shard's, as a pattern). */
export const shardPath = (n: number | '*') => `/data/catalog/${n}.json`;

/** The catalog's templates by shard, each in catalog order (newest first). */
export function splitCatalog(templates: readonly Template[]): Template[][] {
  const shards: Template[][] = Array.from({ length: countCatalogShards(templates.length) }, () => []);
  for (const t of templates) shards[selectShard(t.id, shards.length)]!.push(t);
  return shards;
}

/** The `/data/catalog.json` body: the build's facts, the categories, the filter words and the shards' paths. */
export function buildCatalogHead(catalog: Catalog, builtAt: Date, siteUrl: string): CatalogHead {
  return {
    apiVersion: API_VERSION,
    builtAt: builtAt.toISOString(),
    siteUrl,
    categories: [...catalog.categories],
    filterWords: catalog.filterWords,
    topicalPairs: catalog.topicalPairs.map(([key, shown]) => [key, shown]),
    templateCount: catalog.templates.length,
    shards: Array.from({ length: countCatalogShards(catalog.templates.length) }, (_, n) => shardPath(n)),
  };
}

/** A shard's body. */
export function buildCatalogShard(templates: readonly Template[]): CatalogShard {
  return { templates: [...templates] };
}

/** The list columns of a catalog (newest first) split into `shards` shards: what the build writes and the function's whole load checks. */
export function buildListColumns(templates: readonly Template[], shards: number): ListColumnsFile {
  return encodeListColumns(templates, (t) => selectShard(t.id, shards));
}

/**
 * The whole catalog data of a build, read through `readJson` (a path from the site root →
 * the parsed file), for tools and tests that want every template at once; the server reads
 * shards a few at a time instead, and only those a new build changed (src/server/lifecycle/read-shards.ts).
 */
export function readCatalogFiles(readJson: (path: string) => unknown): CatalogHead & { templates: Template[] } {
  const head = readJson('/data/catalog.json') as CatalogHead;
  const templates = head.shards.flatMap((shard) => (readJson(shard) as CatalogShard).templates);
  return { ...head, templates };
}
