import type { APIRoute } from 'astro';
import { getConfig } from '../../config/config.ts';
import { serializeSearchIndex } from '../../core/search/search-index.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';

export const prerender = true;

/** The search index, serialized once here so the server never re-indexes (loadSearchIndex). */
export const GET: APIRoute = () => {
  const { catalog } = loadSiteCatalog(getConfig());
  return new Response(Buffer.from(serializeSearchIndex(catalog.index)), { headers: { 'Content-Type': 'application/octet-stream' } });
};
