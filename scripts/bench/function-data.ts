import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { readConfig } from '../../src/config/read-config.ts';
import { buildCatalogHead, buildCatalogShard, buildListColumns, shardPath, splitCatalog } from '../../src/contracts/published/catalog-shards.ts';
import { LIST_COLUMNS_PATH, rowsPath, SEARCH_COLUMNS_PATH, toRowsPath } from '../../src/contracts/published/function-data-files.ts';
import { encodeCompactRows } from '../../src/core/catalog/compact-rows.ts';
import { COLUMNS_FORMATS, encodeSearchColumns } from '../../src/core/catalog/list-columns.ts';
import type { CatalogHead, CatalogShard } from '../../src/schemas/catalog-data.ts';
import { serializeSearchIndex } from '../../src/core/search/search-index.ts';
import { loadSiteCatalog } from '../../src/site/load-site-catalog.ts';

/**
 * The data files a function-only instance reads (`client/data/catalog.json`, its shards,
 * `search-index.bin`, with the gzip copies the edge function reads) for a catalog folder,
 * written with the build's own functions (rows files and list columns included), without the pages: what `npm run function` and the
 * edge function need, at sizes whose full build would take too long here. Returns the DIST_DIR to hand the function.
 */
export function writeFunctionData(catalogDir: string, distDir: string): string {
  // A folder written before the columns (or their formats) is written again: they need the catalog's order.
  const isCurrent = (path: string, format: string) => existsSync(join(distDir, 'client', `${path}.gz`)) && readFileSync(join(distDir, 'client', path), 'utf8').startsWith(`{"format":"${format}"`);
  const current = isCurrent(LIST_COLUMNS_PATH, COLUMNS_FORMATS.list) && isCurrent(SEARCH_COLUMNS_PATH, COLUMNS_FORMATS.search);
  if (existsSync(join(distDir, 'client', 'data', 'search-index.bin.gz')) && current) return addRowsFiles(distDir);
  rmSync(distDir, { recursive: true, force: true });
  const { catalog } = loadSiteCatalog(readConfig({ CATALOG_DIR: catalogDir, SITE_URL: 'http://localhost:4321' }));
  const data = join(distDir, 'client', 'data');
  mkdirSync(join(data, 'catalog'), { recursive: true });
  writeFileSync(join(data, 'catalog.json'), JSON.stringify(buildCatalogHead(catalog, new Date(), 'http://localhost:4321')));
  // With the packed copies the edge function reads (the build's gzip siblings, at its level 9).
  const write = (path: string, bytes: string | Uint8Array) => {
    writeFileSync(path, bytes);
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  };
  const shards = splitCatalog(catalog.templates);
  shards.forEach((templates, n) => {
    write(join(distDir, 'client', shardPath(n)), JSON.stringify(buildCatalogShard(templates)));
    write(join(distDir, 'client', rowsPath(n)), JSON.stringify(encodeCompactRows(templates, catalog.categories)));
  });
  write(join(distDir, 'client', LIST_COLUMNS_PATH), JSON.stringify(buildListColumns(catalog.templates, shards.length)));
  write(join(distDir, 'client', SEARCH_COLUMNS_PATH), JSON.stringify(encodeSearchColumns(catalog.templates)));
  write(join(data, 'search-index.bin'), serializeSearchIndex(catalog.index));
  return distDir;
}

/** Writes the rows files (and their gzip copies) of a data folder written before them, from its shards: what the build writes beside each shard. */
export function addRowsFiles(distDir: string): string {
  const client = join(distDir, 'client');
  const head = JSON.parse(readFileSync(join(client, 'data', 'catalog.json'), 'utf8')) as CatalogHead;
  for (const shard of head.shards) {
    const rows = join(client, toRowsPath(shard));
    if (existsSync(`${rows}.gz`)) continue;
    const { templates } = JSON.parse(readFileSync(join(client, shard), 'utf8')) as CatalogShard;
    const text = JSON.stringify(encodeCompactRows(templates, head.categories));
    writeFileSync(rows, text);
    writeFileSync(`${rows}.gz`, gzipSync(text, { level: 9 }));
  }
  return distDir;
}
