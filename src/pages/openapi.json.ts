import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { buildOpenApiDocument } from '../contracts/openapi/openapi.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

export const prerender = true;

/** The OpenAPI 3.1 description, derived from the zod schemas at build time; examples name the first template. */
export const GET: APIRoute = () => {
  const config = getConfig();
  const sample = loadSiteCatalog(config).catalog.templates[0] ?? { id: 'tpl-1001', slug: 'my-template' };
  return new Response(JSON.stringify(buildOpenApiDocument(config, sample), null, 2), { headers: { 'Content-Type': 'application/json' } });
};
