import type { APIRoute } from 'astro';
import { getConfig } from '../../config/config.ts';
import { buildCatalogData } from '../../contracts/published/build-catalog-data.ts';
import { getBuildTime } from '../../contracts/published/build-time.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';

export const prerender = true;

/** The catalog the Node server loads at start (validated there with catalogDataSchema). */
export const GET: APIRoute = () => {
  const config = getConfig();
  const { catalog } = loadSiteCatalog(config);
  return Response.json(buildCatalogData(catalog, getBuildTime(), config.SITE_URL));
};
