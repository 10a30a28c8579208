import type { APIRoute } from 'astro';
import { getConfig } from '../../config/config.ts';
import { buildAiCatalog } from '../../contracts/discovery/build-ai-catalog.ts';
import { AI_CATALOG_MEDIA_TYPE } from '../../contracts/discovery/discovery-paths.ts';
import { getBuildTime } from '../../contracts/published/build-time.ts';

export const prerender = true;

/** The AI Catalog: the MCP server card, openapi.json, llms.txt and the agent skills index. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(buildAiCatalog(getConfig(), getBuildTime()), null, 2), { headers: { 'Content-Type': AI_CATALOG_MEDIA_TYPE } });
