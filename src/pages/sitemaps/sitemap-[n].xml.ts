import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../config/config.ts';
import { buildSitemapXml, chunkSitemapPages } from '../../contracts/published/build-sitemap.ts';
import { getBuildTime } from '../../contracts/published/build-time.ts';
import { listSitePages } from '../../contracts/published/list-site-pages.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';

export const prerender = true;

/** Child sitemaps exist only when the pages need more than one file (see /sitemap.xml). */
export const getStaticPaths = (() => {
  const chunks = chunkSitemapPages(listSitePages(loadSiteCatalog(getConfig()).catalog, getBuildTime()));
  if (chunks.length === 1) return [];
  return chunks.map((pages, i) => ({ params: { n: String(i + 1) }, props: { pages } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(buildSitemapXml(getConfig().SITE_URL, props.pages), { headers: { 'Content-Type': 'application/xml' } });
