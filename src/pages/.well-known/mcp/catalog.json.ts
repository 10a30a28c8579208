import type { APIRoute } from 'astro';
import { getConfig } from '../../../config/config.ts';
import { buildMcpCatalog } from '../../../contracts/discovery/build-discovery-documents.ts';

export const prerender = true;

/** The MCP Catalog (SEP-2127 discovery): where this domain's MCP server card is. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(buildMcpCatalog(getConfig()), null, 2), { headers: { 'Content-Type': 'application/json' } });
