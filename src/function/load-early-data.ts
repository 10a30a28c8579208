import { createCatalog } from '../core/catalog/catalog.ts';
import { createTemplateCompactor } from '../core/catalog/compact-templates.ts';
import { createColumnCatalog, createColumnSearch } from '../core/catalog/column-catalog.ts';
import { LIST_COLUMN_FIELDS, readListColumns, SEARCH_COLUMN_FIELDS } from '../core/catalog/list-columns.ts';
import { findShownPositions, listTemplates } from '../core/operations/list-templates.ts';
import { API_QUERY, readQuery } from '../core/query/read-query.ts';
import { buildSearchIndex } from '../core/search/search-index.ts';
import { selectShard } from '../contracts/published/catalog-shards.ts';
import { LIST_COLUMNS_PATH, SEARCH_COLUMNS_PATH, SEARCH_INDEX_PATH } from '../contracts/published/function-data-files.ts';
import { checkSearchIndex, parseJson, shardSampleSize } from '../http/data/check-build-data.ts';
import { listQuerySchema } from '../schemas/queries.ts';
import type { Template } from '../schemas/template.ts';
import { readHead, readShardTemplates, type DataSource, type FunctionData } from './load-function-data.ts';

/*
 * What a cold workerd isolate answers before the whole catalog is in: at 100,000 templates the
 * whole load takes seconds (docs/scale.md), while a get by id needs one template, a list the
 * list's columns and its page, and a search those, the search columns and the index.
 * create-fetch-handler.ts answers these through the same steps over the catalog made here, and
 * the whole load follows. The rest of the build is checked by that load (the columns against
 * the shards among it): a broken build answers the 500 (its reason in the log) from then on,
 * as any failed load does.
 */

/**
 * The one shard an id is kept in (`selectShard`), as a catalog of its own, or undefined when
 * `id` is not there (a slug, an unknown id): the head and one rows file, ~1/128 of the data,
 * with an empty index, as a get by id reads `byRef` only.
 */
export async function loadTemplateShard(source: DataSource, id: string): Promise<FunctionData | undefined> {
  const head = await readHead(source);
  const shard = head.shards[selectShard(id, head.shards.length)]!;
  const templates = await readShardTemplates(source, shard, createTemplateCompactor(head.categories), shardSampleSize(head.templateCount, head.shards.length));
  if (!templates.some((t) => t.id === id)) return undefined;
  const catalog = createCatalog(head.categories, templates, buildSearchIndex([]), head.filterWords, { topicalPairs: head.topicalPairs, searchOnFirstUse: true });
  return { catalog, siteUrl: head.siteUrl, builtAt: head.builtAt };
}

const decoder = new TextDecoder();
/** Whether a page's template reads as its stand-in: the list's fields, and the search's and the id when it has them. */
const sameColumns = (t: Template, standIn: Template, search: boolean) =>
  [...LIST_COLUMN_FIELDS, ...(search ? [...SEARCH_COLUMN_FIELDS, 'id' as const] : [])].every((f) => JSON.stringify(t[f]) === JSON.stringify(standIn[f]));

/**
 * The catalog a list with a `limit` (its query string `search`) is answered from: the list
 * columns (list-columns.ts) with the whole templates of its page in their places, read from
 * their rows files only. With words, the search columns and the index too: the search runs
 * over the columns (column-catalog.ts) to find the page. Undefined for any other list (the
 * whole list, a query that does not parse: the route answers those once everything is in), for
 * a page whose templates are in more than half the shards, for a list that reads a field the
 * columns lack, and for a build without columns or whose page's rows disagree with them.
 */
export async function loadListPage(source: DataSource, search: string): Promise<FunctionData | undefined> {
  let query;
  try {
    query = readQuery(listQuerySchema, search, API_QUERY);
  } catch {
    return undefined;
  }
  if (query.limit === undefined) return undefined;
  const words = Boolean(query.q?.trim());
  const none = Promise.resolve(undefined);
  const [head, bytes, indexBytes, searchBytes] = await Promise.all([
    readHead(source), source.read(LIST_COLUMNS_PATH), words ? source.read(SEARCH_INDEX_PATH) : none, words ? source.read(SEARCH_COLUMNS_PATH) : none,
  ]);
  if (!bytes || (words && !(indexBytes && searchBytes))) return undefined;
  // Each word's postings decoded when the one search reads it: the few of its query, of 2.5 million at 100,000.
  const index = indexBytes && checkSearchIndex(indexBytes, SEARCH_INDEX_PATH, head.templateCount, { lazyPostings: true });
  const searching = index && { file: parseJson(decoder.decode(searchBytes), SEARCH_COLUMNS_PATH), ids: index.ids };
  const columns = readListColumns(parseJson(decoder.decode(bytes), LIST_COLUMNS_PATH), head.templateCount, head.shards.length, searching);
  const found = index && createColumnSearch(columns, index, head.filterWords, head.topicalPairs);
  const shown = findShownPositions(createColumnCatalog(head.categories, columns, new Map(), found), query);
  const compact = createTemplateCompactor(head.categories);
  const sample = shardSampleSize(head.templateCount, head.shards.length);
  // The page's positions by shard: each rows file is parsed whole, and only the page's rows decoded.
  const wanted = new Map<number, number[]>();
  for (const p of shown) {
    const positions = wanted.get(columns.shardOf(p));
    if (positions) positions.push(p);
    else wanted.set(columns.shardOf(p), [p]);
  }
  // A page spread over most shards reads most of the data twice (a page of 100 at 100,000: ~70 of 128, 1.7-5.5 s against the whole load's 3.5 s).
  if (wanted.size > Math.max(1, head.shards.length / 2)) return undefined;
  const whole = new Map<number, Template>();
  await Promise.all(
    [...wanted].map(async ([s, positions]) => {
      const templates = await readShardTemplates(source, head.shards[s]!, compact, sample, positions.map(columns.rowOf));
      positions.forEach((p, k) => whole.set(p, templates[k]!));
    }),
  );
  for (const p of shown) if (!whole.get(p) || !sameColumns(whole.get(p)!, columns.templates[p]!, Boolean(index))) return undefined;
  const catalog = createColumnCatalog(head.categories, columns, whole, found);
  // The page written once here: a list that reads more than the columns hold throws now, and the request waits for the whole catalog instead.
  JSON.stringify(listTemplates(catalog, query));
  return { catalog, siteUrl: head.siteUrl, builtAt: head.builtAt };
}
