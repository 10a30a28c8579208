import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { readCatalogFiles } from '../../src/contracts/published/catalog-shards.ts';

/** The catalog the test build published (what the server loads: the head and every shard), for expectations. */
export function readBuiltCatalog(): ReturnType<typeof readCatalogFiles> {
  return readCatalogFiles((path) => JSON.parse(readBuiltFile(path)) as unknown);
}

/** A file of the test build's client folder, as text. */
export function readBuiltFile(path: string): string {
  return readFileSync(join(inject('distDir'), 'client', path), 'utf8');
}
