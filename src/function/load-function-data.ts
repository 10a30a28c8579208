import { createCatalog, type Catalog } from '../core/catalog/catalog.ts';
import type { Template } from '../schemas/template.ts';
import {
  BuildError,
  checkCatalogHead,
  checkSample,
  checkSearchIndex,
  checkShard,
  checkTemplateCount,
  nameTemplate,
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

const HEAD_PATH = '/data/catalog.json';
const INDEX_PATH = '/data/search-index.bin';
const decoder = new TextDecoder();

async function need(source: DataSource, path: string): Promise<Uint8Array> {
  const bytes = await source.read(path);
  if (!bytes) throw new BuildError(`No build data: ${path} is missing from ${source.where}. Deploy a whole build (\`npm run build\`) with the function.`);
  return bytes;
}

/**
 * Loads the catalog head, every shard and the search index once (all at once: the function
 * serves nothing until they are in) and checks them as the origin does (src/http/data): the
 * head's shape, each shard's envelope, the count, a sample of templates, the index against the
 * catalog. Throws BuildError naming the file.
 */
export async function loadFunctionData(source: DataSource): Promise<FunctionData> {
  // Read together, reported in order: a build missing both names the catalog head, whichever read failed first.
  const reads = await Promise.allSettled([need(source, HEAD_PATH), need(source, INDEX_PATH)]);
  for (const read of reads) if (read.status === 'rejected') throw read.reason;
  const [headBytes, indexBytes] = reads.map((read) => (read as PromiseFulfilledResult<Uint8Array>).value) as [Uint8Array, Uint8Array];
  const head = checkCatalogHead(decoder.decode(headBytes), HEAD_PATH);
  const shards = await Promise.all(head.shards.map(async (file) => ({ file, templates: checkShard(decoder.decode(await need(source, file)), file) })));
  const templates = shards.flatMap((s) => s.templates);
  checkTemplateCount(templates.length, head, HEAD_PATH);
  checkSample(templates, nameTemplate(shards));
  const index = checkSearchIndex(indexBytes, INDEX_PATH, templates.length);
  const catalog = createCatalog(head.categories, templates as Template[], index, head.filterWords, head.topicalPairs);
  return { catalog, siteUrl: head.siteUrl, builtAt: head.builtAt };
}
