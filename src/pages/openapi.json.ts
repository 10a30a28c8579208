import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { buildOpenApiDocument } from '../contracts/openapi/openapi.ts';
import { listTemplates } from '../core/operations/list-templates.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

export const prerender = true;

/** A search whose answer shows `matched` and `unmatched`: a word the sample catalog lacks beside one it has. */
const EXAMPLE_SEARCH = { q: 'halloween sale', limit: 2 };

/** The OpenAPI 3.1 description, derived from the zod schemas at build time; examples name the first template and show a real search answer. */
export const GET: APIRoute = () => {
  const config = getConfig();
  const { catalog } = loadSiteCatalog(config);
  const sample = catalog.templates[0] ?? { id: 'tpl-1001', slug: 'my-template' };
  const search = catalog.templates.length ? { search: `/api/v1/templates?${new URLSearchParams({ q: EXAMPLE_SEARCH.q, limit: String(EXAMPLE_SEARCH.limit) })}`, answer: listTemplates(catalog, EXAMPLE_SEARCH) } : undefined;
  return new Response(JSON.stringify(buildOpenApiDocument(config, sample, search), null, 2), { headers: { 'Content-Type': 'application/json' } });
};
