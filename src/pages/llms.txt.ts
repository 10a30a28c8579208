import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { buildLlmsTxt } from '../contracts/published/build-llms-txt.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

export const prerender = true;

export const GET: APIRoute = () => {
  const config = getConfig();
  return new Response(buildLlmsTxt(loadSiteCatalog(config).catalog, config), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
