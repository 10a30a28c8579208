import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { buildRobotsTxt } from '../contracts/published/build-robots-txt.ts';

export const prerender = true;

/** robots.txt: named AI crawlers and the Content-Signal of CONTENT_SIGNAL (a build setting). */
export const GET: APIRoute = () => {
  const config = getConfig();
  return new Response(buildRobotsTxt(config.SITE_URL, config.CONTENT_SIGNAL), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
