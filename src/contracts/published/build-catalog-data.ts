import type { Catalog } from '../../core/catalog/catalog.ts';
import { API_VERSION } from '../../core/operations/api-version.ts';
import type { CatalogData } from '../../schemas/catalog-data.ts';

/**
 * The `/data/catalog.json` body: categories, the filter words and every template, newest first, and the SITE_URL
 * the build was made for (the server serves the build's address, not one of its own).
 */
export function buildCatalogData(catalog: Catalog, builtAt: Date, siteUrl: string): CatalogData {
  return {
    apiVersion: API_VERSION,
    builtAt: builtAt.toISOString(),
    siteUrl,
    categories: [...catalog.categories],
    filterWords: catalog.filterWords,
    topicalPairs: catalog.topicalPairs.map(([key, shown]) => [key, shown]),
    templates: [...catalog.templates],
  };
}
