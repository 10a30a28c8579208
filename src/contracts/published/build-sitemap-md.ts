import { bulletList, escapeMarkdown, joinBlocks, mdLink } from '../../core/markdown/markdown-text.ts';
import { SITE_NAME } from '../../core/markdown/site-copy.ts';
import { toMarkdownPath } from '../../core/links/to-markdown-path.ts';
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

/** `/sitemap.md`: the pages of /sitemap.xml as Markdown lists, each with its Markdown twin. */
export function buildSitemapMarkdown(siteUrl: string, pages: readonly SitePage[]): string {
  const sections = SECTIONS.map(({ kind, heading }) => {
    const items = pages.filter((p) => p.kind === kind).map((p) => renderItem(siteUrl, p));
    return items.length > 0 && `## ${heading}\n\n${bulletList(items)}`;
  });
  return joinBlocks([
    `# ${SITE_NAME}: sitemap`,
    `> Every page of the site (${pages.length}), each with its Markdown twin. XML version: ${siteUrl}/sitemap.xml`,
    ...sections,
  ]);
}
