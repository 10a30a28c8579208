import { bulletList, escapeMarkdown, joinBlocks, mdLink } from '../../core/markdown/markdown-text.ts';
import { SITE_NAME } from '../../core/markdown/site-copy.ts';
import { toMarkdownPath } from '../../core/links/to-markdown-path.ts';
import { childSitemapPath, chunkSitemapPages, SITEMAP_MAX_URLS } from './build-sitemap.ts';
import type { SitePage } from './list-site-pages.ts';

const SECTIONS: { kind: SitePage['kind']; heading: string }[] = [
  { kind: 'page', heading: 'Pages' },
  { kind: 'category', heading: 'Categories' },
  { kind: 'template', heading: 'Templates' },
];

function renderItem(siteUrl: string, page: SitePage): string {
  const twin = mdLink('Markdown', siteUrl + toMarkdownPath(page.path));
  return `${mdLink(page.title, siteUrl + page.path)} (${twin}): ${escapeMarkdown(page.description)}`;
}

function renderSections(siteUrl: string, pages: readonly SitePage[], kinds = SECTIONS): (string | false)[] {
  return kinds.map(({ kind, heading }) => {
    const items = pages.filter((p) => p.kind === kind).map((p) => renderItem(siteUrl, p));
    return items.length > 0 && `## ${heading}\n\n${bulletList(items)}`;
  });
}

/** The address of the n-th part of `/sitemap.md` (1-based): the XML part's, as Markdown. */
export function childSitemapMarkdownPath(n: number): string {
  return childSitemapPath(n).replace(/\.xml$/, '.md');
}

/**
 * `/sitemap.md`: the pages of /sitemap.xml as Markdown lists, each with its Markdown twin. Past
 * the XML sitemap's URL limit it splits where that one does: the pages and categories stay here,
 * the templates are in parts (`/sitemaps/sitemap-{n}.md`, buildSitemapMarkdownPart), so no file
 * grows with the catalog past what a host takes (Cloudflare: 25 MiB a file, reached by one
 * list near 92,000 templates).
 */
export function buildSitemapMarkdown(siteUrl: string, pages: readonly SitePage[], maxUrls = SITEMAP_MAX_URLS): string {
  const chunks = chunkSitemapPages(pages, maxUrls);
  const intro = `> Every page of the site (${pages.length}), each with its Markdown twin. XML version: ${siteUrl}/sitemap.xml`;
  if (chunks.length === 1) return joinBlocks([`# ${SITE_NAME}: sitemap`, intro, ...renderSections(siteUrl, pages)]);
  const parts = chunks.map((chunk, i) => `${mdLink(`Part ${i + 1}`, siteUrl + childSitemapMarkdownPath(i + 1))}: ${chunk.length} pages`);
  return joinBlocks([
    `# ${SITE_NAME}: sitemap`,
    intro,
    ...renderSections(siteUrl, pages, SECTIONS.filter((s) => s.kind !== 'template')),
    `## Templates\n\nIn ${chunks.length} parts, as the XML sitemap is split:\n\n${bulletList(parts)}`,
  ]);
}

/** `/sitemaps/sitemap-{n}.md`: the templates of the n-th part of a split `/sitemap.md`. */
export function buildSitemapMarkdownPart(siteUrl: string, chunk: readonly SitePage[], n: number, total: number): string {
  return joinBlocks([
    `# ${SITE_NAME}: sitemap, part ${n} of ${total}`,
    `> The templates of part ${n}, each with its Markdown twin. Every part: ${siteUrl}/sitemap.md`,
    ...renderSections(siteUrl, chunk, SECTIONS.filter((s) => s.kind === 'template')),
  ]);
}
