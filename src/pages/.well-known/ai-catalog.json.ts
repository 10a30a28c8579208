import type { APIRoute } from 'astro';
import { getConfig } from '../../config/config.ts';
import { renderAiCatalog } from '../../contracts/discovery/render-ai-catalog.ts';
import { AI_CATALOG_MEDIA_TYPE } from '../../contracts/discovery/discovery-paths.ts';

export const prerender = true;

/** The ARD manifest at the AI Catalog's address, byte for byte /.well-known/ard.json, for readers that still fetch it. */
export const GET: APIRoute = () => new Response(renderAiCatalog(getConfig()), { headers: { 'Content-Type': AI_CATALOG_MEDIA_TYPE } });
