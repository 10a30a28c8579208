import { bulletList, joinBlocks } from './markdown-text.ts';

/** The Markdown twin of the 404 page. */
export function renderNotFoundMarkdown(siteUrl: string): string {
  return joinBlocks([
    '# Page not found',
    'Nothing lives at this address. Templates have addresses like /templates/{slug}.',
    bulletList([
      `Browse the catalog: ${siteUrl}/ (Markdown: ${siteUrl}/index.md)`,
      `Search: ${siteUrl}/search?q=countdown`,
      `Search as JSON: ${siteUrl}/api/v1/templates?q=countdown`,
      `API guide: ${siteUrl}/docs.md`,
    ]),
  ]);
}
