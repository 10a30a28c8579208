import type { APIRoute } from 'astro';
import { getConfig } from '../../config/config.ts';
import { buildCatalogData } from '../../contracts/published/build-catalog-data.ts';
import { getBuildTime } from '../../contracts/published/build-time.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';

export const prerender = true;

/** The catalog the Node server loads at start (validated there with catalogDataSchema). */
export const GET: APIRoute = () => {
  const { catalog } = loadSiteCatalog(getConfig());
  return Response.json(buildCatalogData(catalog, getBuildTime()));
};
