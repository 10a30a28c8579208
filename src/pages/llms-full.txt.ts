import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { buildLlmsFullTxt } from '../contracts/published/build-llms-full-txt.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

export const prerender = true;

export const GET: APIRoute = () => {
  const config = getConfig();
  return new Response(buildLlmsFullTxt(loadSiteCatalog(config).catalog, config.SITE_URL), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
