import type { Catalog } from '../../core/catalog/catalog.ts';
import { API_VERSION } from '../../core/operations/api-version.ts';
import type { CatalogData } from '../../schemas/catalog-data.ts';

/** The `/data/catalog.json` body: categories and every template, newest first. */
export function buildCatalogData(catalog: Catalog, builtAt: Date): CatalogData {
  return {
    apiVersion: API_VERSION,
    builtAt: builtAt.toISOString(),
    categories: [...catalog.categories],
    templates: [...catalog.templates],
  };
}
