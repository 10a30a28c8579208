import type { Category } from '../../schemas/catalog-file.ts';
import type { Template } from '../../schemas/template.ts';
import { categoryUrl } from './format-facts.ts';
import { bulletList, escapeMarkdown, joinBlocks } from './markdown-text.ts';
import { renderMachineLinks } from './render-catalog-markdown.ts';
import { renderTemplateListItem } from './render-template-markdown.ts';
import { CATEGORY_LIMIT } from './site-copy.ts';
import { renderPagerLine } from './render-pager-line.ts';
import { countListPages, toCategoryPagePath } from '../links/list-pages.ts';

/** What a category twin is made from. */
export interface CategoryMarkdownInput {
  siteUrl: string;
  category: Category;
  /** The category's templates to list (newest first, possibly cut). */
  templates: readonly Template[];
  /** Number of templates in the category. */
  total: number;
}

/** The Markdown twin of a category page. */
export function renderCategoryMarkdown(input: CategoryMarkdownInput): string {
  const { siteUrl, category, templates, total } = input;
  const search = `${siteUrl}/search?category=${category.id}`;
  const intro =
    total === 0
      ? 'No templates in this category yet.'
      : total > templates.length
        ? `The ${templates.length} newest of ${total} templates. All of them: ${search} (JSON: ${siteUrl}/api/v1/templates?category=${category.id}).`
        : `${total} template${total === 1 ? '' : 's'}, newest first. JSON: ${siteUrl}/api/v1/templates?category=${category.id}`;
  return joinBlocks([
    `# ${escapeMarkdown(category.label)} templates`,
    `> ${escapeMarkdown(category.description)}`,
    `- Category id: \`${category.id}\`\n- Page: ${categoryUrl(siteUrl, category.id)}`,
    `## Templates\n\n${intro}`,
    templates.length > 0 && bulletList(templates.map(renderTemplateListItem)),
    renderPagerLine(siteUrl, 1, countListPages(total, CATEGORY_LIMIT), (n) => toCategoryPagePath(category.id, n)),
    renderMachineLinks(siteUrl),
  ]);
}
