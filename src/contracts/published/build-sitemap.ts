import type { SitePage } from './list-site-pages.ts';

/** sitemaps.org limit of URLs per sitemap file; past it /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Address of the n-th child sitemap (1-based). */
export function childSitemapPath(n: number): string {
  return `/sitemaps/sitemap-${n}.xml`;
}

/** Splits the pages into sitemap-sized chunks; one chunk means no index is needed. */
export function chunkSitemapPages(pages: readonly SitePage[], maxUrls = SITEMAP_MAX_URLS): SitePage[][] {
  const chunks: SitePage[][] = [];
  for (let i = 0; i < pages.length; i += maxUrls) chunks.push(pages.slice(i, i + maxUrls));
  return chunks.length ? chunks : [[]];
}

/** A `<urlset>` sitemap (sitemaps.org 0.9) of these pages. */
export function buildSitemapXml(siteUrl: string, pages: readonly SitePage[]): string {
  const urls = pages.map((p) => `<url><loc>${escapeXml(siteUrl + p.path)}</loc><lastmod>${p.lastmod}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` naming one child sitemap per chunk, each with its newest lastmod. */
export function buildSitemapIndexXml(siteUrl: string, chunks: readonly SitePage[][]): string {
  const items = chunks.map((chunk, i) => {
    const lastmod = chunk.reduce((max, p) => (Date.parse(p.lastmod) > Date.parse(max) ? p.lastmod : max), chunk[0]!.lastmod);
    return `<sitemap><loc>${escapeXml(siteUrl + childSitemapPath(i + 1))}</loc><lastmod>${lastmod}</lastmod></sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** What /sitemap.xml holds: the urlset itself, or the index once the pages need several files. */
export function buildRootSitemap(siteUrl: string, pages: readonly SitePage[], maxUrls = SITEMAP_MAX_URLS): string {
  const chunks = chunkSitemapPages(pages, maxUrls);
  return chunks.length === 1 ? buildSitemapXml(siteUrl, chunks[0]!) : buildSitemapIndexXml(siteUrl, chunks);
}
