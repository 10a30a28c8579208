import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { buildSitemapMarkdown } from '../contracts/published/build-sitemap-md.ts';
import { getBuildTime } from '../contracts/published/build-time.ts';
import { listSitePages } from '../contracts/published/list-site-pages.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

export const prerender = true;

/** Every page as a Markdown list, for agents that read Markdown rather than XML. */
export const GET: APIRoute = () => {
  const config = getConfig();
  const pages = listSitePages(loadSiteCatalog(config).catalog, getBuildTime());
  return new Response(buildSitemapMarkdown(config.SITE_URL, pages), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
};
