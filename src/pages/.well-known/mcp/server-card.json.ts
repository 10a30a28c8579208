import type { APIRoute } from 'astro';
import { getConfig } from '../../../config/config.ts';
import { renderServerCard } from '../../../contracts/discovery/build-server-card.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../../../contracts/discovery/discovery-paths.ts';

export const prerender = true;

/** The MCP Server Card where scanners look for it; /api/mcp/server-card serves this very file. */
export const GET: APIRoute = () => new Response(renderServerCard(getConfig()), { headers: { 'Content-Type': SERVER_CARD_MEDIA_TYPE } });
