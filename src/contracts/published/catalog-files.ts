import type { Catalog } from '../../core/catalog/catalog.ts';
import { buildLlmsFullTxt } from './build-llms-full-txt.ts';
import { buildSitemapMarkdown, buildSitemapMarkdownPart, childSitemapMarkdownPath } from './build-sitemap-md.ts';
import { buildRootSitemap, buildSitemapXml, childSitemapPath, chunkSitemapPages } from './build-sitemap.ts';
import type { WrittenFile } from './keyed-outputs.ts';
import { listSitePages } from './list-site-pages.ts';

/** A file by its served path, which here is its name under `client/`. */
const written = (path: string, render: () => string): WrittenFile => ({ path, file: path.slice(1), render });

/**
 * The large files that show the whole catalog: `/llms-full.txt`, `/sitemap.md`, `/sitemap.xml`
 * and, past 50,000 URLs, `/sitemaps/sitemap-{n}.xml` and `.md`. Nearly any catalog change touches them,
 * so they have no key and render every build; the catalog worker renders them once it has
 * answered, and the publish's compress pool writes and compresses them while Astro still works. As Astro
 * endpoints they were rendered last and compressed after every page (10,000 templates: 11 MB,
 * ~0.9 s at the end of every publish; BENCHMARKS.md, publish).
 */
export function listCatalogFiles(catalog: Catalog, siteUrl: string, builtAt: Date): WrittenFile[] {
  const pages = listSitePages(catalog, builtAt);
  const chunks = chunkSitemapPages(pages);
  return [
    written('/llms-full.txt', () => buildLlmsFullTxt(catalog, siteUrl)),
    written('/sitemap.md', () => buildSitemapMarkdown(siteUrl, pages)),
    written('/sitemap.xml', () => buildRootSitemap(siteUrl, pages)),
    ...(chunks.length > 1 ? chunks.map((chunk, i) => written(childSitemapPath(i + 1), () => buildSitemapXml(siteUrl, chunk))) : []),
    ...(chunks.length > 1 ? chunks.map((chunk, i) => written(childSitemapMarkdownPath(i + 1), () => buildSitemapMarkdownPart(siteUrl, chunk, i + 1, chunks.length))) : []),
  ];
}
