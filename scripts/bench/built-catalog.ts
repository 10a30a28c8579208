import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCatalogFiles } from '../../src/contracts/published/catalog-shards.ts';
import { loadSearchIndex, type SearchIndex } from '../../src/core/search/search-index.ts';

/** The catalog data a build published (head and every shard), for benches that pick ids or build a catalog. */
export function readBuiltCatalog(dist: string): ReturnType<typeof readCatalogFiles> {
  return readCatalogFiles((path) => JSON.parse(readFileSync(join(dist, 'client', path), 'utf8')) as unknown);
}

/** The search index a build published. */
export function readBuiltIndex(dist: string): SearchIndex {
  return loadSearchIndex(readFileSync(join(dist, 'client', 'data', 'search-index.bin')));
}
