import { createCatalog, type Catalog } from '../core/catalog/catalog.ts';
import { decodeCompactRows } from '../core/catalog/compact-rows.ts';
import { createTemplateCompactor, type TemplateCompactor } from '../core/catalog/compact-templates.ts';
import { encodeSearchColumns } from '../core/catalog/list-columns.ts';
import { buildListColumns } from '../contracts/published/catalog-shards.ts';
import { CATALOG_HEAD_PATH as HEAD_PATH, LIST_COLUMNS_PATH, SEARCH_COLUMNS_PATH, SEARCH_INDEX_PATH as INDEX_PATH, toRowsPath } from '../contracts/published/function-data-files.ts';
import type { CatalogHead } from '../schemas/catalog-data.ts';
import type { Template } from '../schemas/template.ts';
import {
  BuildError,
  checkCatalogHead,
  checkSample,
  checkSearchIndex,
  checkShard,
  checkTemplateCount,
  corruptBuild,
  parseJson,
  shardSampleSize,
} from '../http/data/check-build-data.ts';

/** Where the function reads the build's data files: the static half (workerd's ASSETS binding) or DIST_DIR (Node). */
export interface DataSource {
  /** The bytes of a file by its path from the site root (`/data/catalog.json`), or undefined when missing. */
  read(path: string): Promise<Uint8Array | undefined>;
  /** Says where, for messages (`the static half`, `dist/client`). */
  where: string;
}

/** What the function serves from: the runtime catalog and the head's facts. */
export interface FunctionData {
  catalog: Catalog;
  siteUrl: string;
  builtAt: string;
}

const decoder = new TextDecoder();

/** The catalog head, checked. */
export const readHead = async (source: DataSource): Promise<CatalogHead> => checkCatalogHead(decoder.decode(await need(source, HEAD_PATH)), HEAD_PATH);

async function need(source: DataSource, path: string): Promise<Uint8Array> {
  const bytes = await source.read(path);
  if (!bytes) throw new BuildError(`No build data: ${path} is missing from ${source.where}. Deploy a whole build (\`npm run build\`) with the function.`);
  return bytes;
}

/** The values of `promises`, or the first rejection in their order (not in time). */
async function settleInOrder<T>(promises: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  for (const one of settled) if (one.status === 'rejected') throw one.reason;
  return settled.map((one) => (one as PromiseFulfilledResult<T>).value);
}

/**
 * The templates of one shard, compact: from its rows file (compact-rows.ts) where the build
 * wrote one, else from the shard itself (a build made before them), a sample checked against
 * the Template shape either way (the rows' as they read back). `at`: those rows only, in that order.
 */
export async function readShardTemplates(source: DataSource, shard: string, compact: TemplateCompactor, sample: number, at?: readonly number[]): Promise<Template[]> {
  const rowsFile = toRowsPath(shard);
  const rows = await source.read(rowsFile);
  if (!rows) {
    const all = checkShard(decoder.decode(await need(source, shard)), shard);
    const templates = at ? at.map((i) => all[i]) : all;
    checkSample(templates, (i) => `template ${at ? at[i] : i} of ${shard}`, sample);
    return compact(templates as Template[]);
  }
  let templates: Template[];
  try {
    templates = decodeCompactRows(parseJson(decoder.decode(rows), rowsFile), compact, at);
  } catch (err) {
    throw err instanceof BuildError ? err : corruptBuild(`${rowsFile} is not a rows file (${(err as Error).message})`);
  }
  // A compact template reads as the published one (its getters), so the shape's check reads it as it is.
  checkSample(templates, (i) => `template ${at ? at[i] : i} of ${rowsFile}`, sample);
  return templates;
}

/**
 * Loads the catalog head, then every shard (its rows file) and the search index together (the
 * function serves nothing until they are in), and checks them as the origin does
 * (src/http/data): the head's shape, each file's envelope, the count, a sample of templates,
 * the index, and the columns against the catalog when an answer may have come from them
 * (`columns`, default true: writing them again costs ~0.4 s at 100,000 templates, which a
 * function that never answers early need not pay). Each shard is checked and compacted as it
 * arrives, so the parsed files are never all held at once. Throws BuildError naming the file.
 */
export async function loadFunctionData(source: DataSource, { columns = true } = {}): Promise<FunctionData> {
  const head = await readHead(source);
  const compact = createTemplateCompactor(head.categories);
  const sample = shardSampleSize(head.templateCount, head.shards.length);
  const readShard = (file: string) => readShardTemplates(source, file, compact, sample);
  // Each file is checked as it arrives, while the others are still being read; a failure is
  // reported in order: the index's first, then the first shard's that failed.
  const indexRead = need(source, INDEX_PATH).then((bytes) => checkSearchIndex(bytes, INDEX_PATH, head.templateCount));
  const shardsRead = settleInOrder(head.shards.map(readShard));
  const none = Promise.resolve(undefined);
  const columnsRead = Promise.all(columns ? [source.read(LIST_COLUMNS_PATH), source.read(SEARCH_COLUMNS_PATH)] : [none, none]);
  columnsRead.catch(() => undefined); // a failed read is reported below, after the shards'
  shardsRead.catch(() => undefined); // reported below, once the index's own failure is
  const index = await indexRead;
  const templates = (await shardsRead).flat();
  checkTemplateCount(templates.length, head, HEAD_PATH);
  const catalog = createCatalog(head.categories, templates, index, head.filterWords, { topicalPairs: head.topicalPairs, searchOnFirstUse: true });
  const [listColumns, searchColumns] = await columnsRead;
  checkColumns(listColumns, LIST_COLUMNS_PATH, () => buildListColumns(catalog.templates, head.shards.length));
  checkColumns(searchColumns, SEARCH_COLUMNS_PATH, () => encodeSearchColumns(catalog.templates));
  return { catalog, siteUrl: head.siteUrl, builtAt: head.builtAt };
}

/**
 * A columns file a cold function may have answered from (load-early-data.ts) against the
 * catalog's own: a build whose columns say otherwise is refused, as a corrupt shard is. A build
 * made before them has none.
 */
function checkColumns(bytes: Uint8Array | undefined, path: string, build: () => unknown): void {
  if (bytes && decoder.decode(bytes) !== JSON.stringify(build())) throw corruptBuild(`${path} does not list the templates of the shards`);
}
