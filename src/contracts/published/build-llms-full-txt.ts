import type { Catalog } from '../../core/catalog/catalog.ts';
import { joinBlocks } from '../../core/markdown/markdown-text.ts';
import { renderTemplateMarkdown } from '../../core/markdown/render-template-markdown.ts';
import { SITE_NAME } from '../../core/markdown/site-copy.ts';

/** Past this many templates llms-full.txt keeps the newest ones (and llms.txt says so). */
export const LLMS_FULL_MAX_TEMPLATES = 5_000;

/** Demotes every heading one level so the file keeps a single H1 (catalog text has `#` escaped). */
function demoteHeadings(markdown: string): string {
  return markdown.replace(/^(#{1,5}) /gm, '#$1 ');
}

/** `/llms-full.txt`: every template's Markdown page in one file, newest first. */
export function buildLlmsFullTxt(catalog: Catalog, siteUrl: string, max = LLMS_FULL_MAX_TEMPLATES): string {
  const total = catalog.templates.length;
  const shown = catalog.templates.slice(0, max);
  const scope =
    shown.length < total
      ? `The ${shown.length} newest of ${total} templates (capped); find the others with ${siteUrl}/api/v1/templates?q=… or ${siteUrl}/sitemap.md.`
      : `All ${total} templates, newest first.`;
  return joinBlocks([
    `# ${SITE_NAME}: every template`,
    `> ${scope} Each section is the Markdown twin of the template's page. Index: ${siteUrl}/llms.txt`,
    ...shown.map((t) => demoteHeadings(renderTemplateMarkdown(t)).trimEnd()),
  ]);
}
