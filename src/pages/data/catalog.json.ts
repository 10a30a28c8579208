import type { APIRoute } from 'astro';
import { getConfig } from '../../config/config.ts';
import { buildCatalogHead } from '../../contracts/published/catalog-shards.ts';
import { getBuildTime } from '../../contracts/published/build-time.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';

export const prerender = true;

/** The head of the catalog data the Node server loads at start (catalogHeadSchema); the templates are in /data/catalog/{n}.json. */
export const GET: APIRoute = () => {
  const config = getConfig();
  const { catalog } = loadSiteCatalog(config);
  return Response.json(buildCatalogHead(catalog, getBuildTime(), config.SITE_URL));
};
