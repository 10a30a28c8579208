import type { APIRoute } from 'astro';
import { getConfig } from '../../config/config.ts';
import { buildRegistryServer } from '../../contracts/discovery/build-registry-server.ts';

export const prerender = true;

/** The MCP registry's server.json for the deployed address (from SITE_URL at build). */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(buildRegistryServer(getConfig()), null, 2), { headers: { 'Content-Type': 'application/json' } });
