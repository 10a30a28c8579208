import { shardPath } from './catalog-shards.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The function's data file of shard `n` from the site root (`*`: every one's, as a pattern):
 * the shard's templates as compact rows (src/core/catalog/compact-rows.ts), which a cold
 * function loads with about two thirds of the CPU the shard takes (docs/scale.md).
 */
export const rowsPath = (n: number | '*') => toRowsPath(shardPath(n));
/** The rows file of a shard, by the shard's path (`/data/catalog/3.json` → `/data/catalog/3.rows.json`). */
export const toRowsPath = (shard: string) => shard.replace(/\.json$/, '.rows.json');
/** A path's pattern with a number for its `*`. */
const numbered = (pattern: string) => new RegExp(`^${pattern.split('*').map(escapeRegExp).join('\\d+')}$`);
const [ROWS, SHARD] = [numbered(rowsPath('*')), numbered(shardPath('*'))];

/** The catalog head (`data/catalog.json`): categories, filter words, the shards' paths. */
export const CATALOG_HEAD_PATH = '/data/catalog.json';
/** The list's fields of every template and the shard of each (src/core/catalog/list-columns.ts): what a cold function answers a list from. */
export const LIST_COLUMNS_PATH = '/data/catalog/list-columns.json';
/** The search's own fields of every template (src/core/catalog/list-columns.ts): with the list columns and the index, what a cold function answers a search from. */
export const SEARCH_COLUMNS_PATH = '/data/catalog/search-columns.json';
/** The prebuilt search index the function and the origin load instead of indexing. */
export const SEARCH_INDEX_PATH = '/data/search-index.bin';

/**
 * The encoding of the packed data files: the gzip siblings the build writes beside the rows
 * files and the index. Through an assets binding the function reads these, a tenth of the bytes of
 * the originals (at 10,000 templates 1.1 MB against 10.7 MB), and unpacks them itself.
 */
export const PACKED_DATA_SUFFIX = '.gz';

/**
 * The packed data files as patterns from the client folder (`data/catalog/*.rows.json.gz`): a
 * Workers upload keeps them although it leaves every other sibling out, and the function
 * answers them as addresses with the 404 (as the origin and nginx do).
 */
export const PACKED_DATA_PATTERNS: readonly string[] = [rowsPath('*'), LIST_COLUMNS_PATH, SEARCH_COLUMNS_PATH, SEARCH_INDEX_PATH].map((p) => p.slice(1) + PACKED_DATA_SUFFIX);

/**
 * True for a data file that may have a packed copy (by its path from the site root): a rows
 * file, the columns or the index, which a Workers upload keeps packed; or a shard, whose packed copy only
 * the upload of a build made before the rows files kept (its function reads the shards).
 */
export function isPackedDataPath(path: string): boolean {
  return path === SEARCH_INDEX_PATH || path === LIST_COLUMNS_PATH || path === SEARCH_COLUMNS_PATH || ROWS.test(path) || SHARD.test(path);
}
