import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { buildRobotsTxt } from '../contracts/published/build-robots-txt.ts';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(buildRobotsTxt(getConfig().SITE_URL), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
