import type { Category } from '../../schemas/catalog-file.ts';
import { categoryUrl } from './format-facts.ts';
import { bulletList, escapeMarkdown, joinBlocks, mdLink } from './markdown-text.ts';

/** The heading and lead the unavailable page and its twin share. */
export const UNAVAILABLE_COPY = {
  title: 'Search is unavailable for a moment',
  lead: 'Search, filters, the studio links and the API are down for a moment. The catalog pages still work: browse a category below, or try again in a minute.',
} as const;

/**
 * The Markdown twin of the page a static host answers (503) while the function is down:
 * what is unavailable and the categories, whose prerendered pages still answer.
 */
export function renderUnavailableMarkdown(siteUrl: string, categories: readonly Category[]): string {
  return joinBlocks([
    `# ${UNAVAILABLE_COPY.title}`,
    UNAVAILABLE_COPY.lead,
    '## Categories',
    bulletList(categories.map((c) => `${mdLink(c.label, `${categoryUrl(siteUrl, c.id)}.md`)}: ${escapeMarkdown(c.description)}`)),
    `Every template: ${siteUrl}/sitemap.md`,
  ]);
}
