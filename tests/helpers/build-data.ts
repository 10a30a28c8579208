import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { CatalogData } from '../../src/schemas/catalog-data.ts';

/** The catalog the test build published (what the server loads), for expectations. */
export function readBuiltCatalog(): CatalogData {
  return JSON.parse(readFileSync(join(inject('distDir'), 'client', 'data', 'catalog.json'), 'utf8')) as CatalogData;
}

/** A file of the test build's client folder, as text. */
export function readBuiltFile(path: string): string {
  return readFileSync(join(inject('distDir'), 'client', path), 'utf8');
}
