import type { APIRoute } from 'astro';
import { getConfig } from '../../config/config.ts';
import { buildApiCatalog } from '../../contracts/published/build-api-catalog.ts';

export const prerender = true;

/** RFC 9727 API catalog; extension-less, the server serves it as application/linkset+json. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(buildApiCatalog(getConfig().SITE_URL), null, 2), {
    headers: { 'Content-Type': 'application/linkset+json' },
  });
