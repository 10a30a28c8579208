import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { encodeCompactRows } from '../../src/core/catalog/compact-rows.ts';
import { encodeSearchColumns, type ListColumnsFile } from '../../src/core/catalog/list-columns.ts';
import { buildListColumns, selectShard, shardPath } from '../../src/contracts/published/catalog-shards.ts';
import { CATALOG_HEAD_PATH, LIST_COLUMNS_PATH, SEARCH_COLUMNS_PATH, SEARCH_INDEX_PATH, toRowsPath } from '../../src/contracts/published/function-data-files.ts';
import type { DataSource } from '../../src/function/load-function-data.ts';
import type { Template } from '../../src/schemas/template.ts';
import { readBuiltCatalog } from './build-data.ts';

/** A data source over files in memory, recording the paths read. */
export interface FourShards {
  source: DataSource;
  reads: string[];
  files: Map<string, Uint8Array>;
}

/**
 * The test build's data laid out in 4 shards, as a catalog of ~3,000 templates is (the sample's
 * 64 fit one): the head naming them, each shard's rows file, the columns, the build's
 * index. `change` may alter the columns before they are written. Reads are recorded.
 */
export function openFourShards(change?: (columns: ListColumnsFile) => void): FourShards {
  const { templates, ...head } = readBuiltCatalog();
  const shardOf = (t: Template) => selectShard(t.id, 4);
  const shards = [0, 1, 2, 3].map((n) => templates.filter((t) => shardOf(t) === n));
  const columns = buildListColumns(templates, 4);
  change?.(columns);
  const files = new Map<string, Uint8Array>([
    [CATALOG_HEAD_PATH, Buffer.from(JSON.stringify({ ...head, shards: shards.map((_, n) => shardPath(n)) }))],
    [SEARCH_INDEX_PATH, readFileSync(join(inject('distDir'), 'client', SEARCH_INDEX_PATH))],
    [LIST_COLUMNS_PATH, Buffer.from(JSON.stringify(columns))],
    [SEARCH_COLUMNS_PATH, Buffer.from(JSON.stringify(encodeSearchColumns(templates)))],
    ...shards.map((list, n) => [toRowsPath(shardPath(n)), Buffer.from(JSON.stringify(encodeCompactRows(list, head.categories)))] as const),
  ]);
  const reads: string[] = [];
  return { reads, files, source: { where: 'memory', read: async (path) => (reads.push(path), files.get(path)) } };
}
