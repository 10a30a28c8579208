import type { Template } from '../../schemas/template.ts';
import { escapeMarkdown, joinBlocks, bulletList } from './markdown-text.ts';
import { renderMachineLinks } from './render-catalog-markdown.ts';
import { renderTemplateListItem } from './render-template-markdown.ts';
import { renderPagerLine } from './render-pager-line.ts';

/** What a later page of a list (`/newest/2`, `/categories/{id}/2`) twin is made from. */
export interface ListPageMarkdownInput {
  siteUrl: string;
  title: string;
  templates: readonly Template[];
  n: number;
  pages: number;
  pathOf: (n: number) => string;
}

/** The Markdown twin of a later page of a list: its templates and the pager line. */
export function renderListPageMarkdown(input: ListPageMarkdownInput): string {
  const { siteUrl, title, templates, n, pages, pathOf } = input;
  return joinBlocks([
    `# ${escapeMarkdown(title)}`,
    renderPagerLine(siteUrl, n, pages, pathOf),
    templates.length > 0 && bulletList(templates.map(renderTemplateListItem)),
    `HTML version: ${siteUrl}${pathOf(n)}`,
    renderMachineLinks(siteUrl),
  ]);
}
