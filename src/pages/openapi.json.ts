import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { buildOpenApiDocument } from '../contracts/openapi/openapi.ts';

export const prerender = true;

/** The OpenAPI 3.1 description, derived from the zod schemas at build time. */
export const GET: APIRoute = () => new Response(JSON.stringify(buildOpenApiDocument(getConfig()), null, 2), {
  headers: { 'Content-Type': 'application/json' },
});
