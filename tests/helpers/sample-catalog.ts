import { readConfig } from '../../src/config/read-config.ts';
import type { Catalog } from '../../src/core/catalog/catalog.ts';
import { loadSiteCatalog } from '../../src/site/load-site-catalog.ts';

/** The real catalog in templates/, loaded the way the build loads it. */
export function loadSampleCatalog(): Catalog {
  return loadSiteCatalog(readConfig({ CATALOG_DIR: 'templates' })).catalog;
}
