import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { buildRootSitemap } from '../contracts/published/build-sitemap.ts';
import { getBuildTime } from '../contracts/published/build-time.ts';
import { listSitePages } from '../contracts/published/list-site-pages.ts';
import { loadSiteCatalog } from '../site/load-site-catalog.ts';

export const prerender = true;

/** The sitemap of every HTML page, or past 50,000 URLs the index of /sitemaps/sitemap-{n}.xml. */
export const GET: APIRoute = () => {
  const config = getConfig();
  const pages = listSitePages(loadSiteCatalog(config).catalog, getBuildTime());
  return new Response(buildRootSitemap(config.SITE_URL, pages), { headers: { 'Content-Type': 'application/xml' } });
};
