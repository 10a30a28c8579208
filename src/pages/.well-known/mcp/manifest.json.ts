import type { APIRoute } from 'astro';
import { getConfig } from '../../../config/config.ts';
import { buildServerCard } from '../../../contracts/discovery/build-server-card.ts';

export const prerender = true;

/** The MCP Server Card of this deployment (identity, the /api/mcp remote, the tools). */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(buildServerCard(getConfig()), null, 2), {
    headers: { 'Content-Type': 'application/json' },
  });
