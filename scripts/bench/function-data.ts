import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { readConfig } from '../../src/config/read-config.ts';
import { buildCatalogHead, buildCatalogShard, shardPath, splitCatalog } from '../../src/contracts/published/catalog-shards.ts';
import { serializeSearchIndex } from '../../src/core/search/search-index.ts';
import { loadSiteCatalog } from '../../src/site/load-site-catalog.ts';

/**
 * The data files a function-only instance reads (`client/data/catalog.json`, its shards,
 * `search-index.bin`, with the gzip copies the edge function reads) for a catalog folder,
 * written with the build's own functions, without the pages: what `npm run function` and the
 * edge function need, at sizes whose full build would take too long here. Returns the DIST_DIR to hand the function.
 */
export function writeFunctionData(catalogDir: string, distDir: string): string {
  if (existsSync(join(distDir, 'client', 'data', 'search-index.bin.gz'))) return distDir;
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
  splitCatalog(catalog.templates).forEach((templates, n) => write(join(distDir, 'client', shardPath(n)), JSON.stringify(buildCatalogShard(templates))));
  write(join(data, 'search-index.bin'), serializeSearchIndex(catalog.index));
  return distDir;
}
