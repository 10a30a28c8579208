import type { APIRoute } from 'astro';
import { getConfig } from '../../../config/config.ts';
import { renderServerCard } from '../../../contracts/discovery/build-server-card.ts';

export const prerender = true;

/** The MCP Server Card under the seed's name: the same bytes as server-card.json and /api/mcp/server-card. */
export const GET: APIRoute = () => new Response(renderServerCard(getConfig()), { headers: { 'Content-Type': 'application/json' } });
