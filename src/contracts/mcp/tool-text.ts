import type { Category } from '../../schemas/catalog-file.ts';
import type { ListQuery } from '../../schemas/queries.ts';
import type { StudioLink, TemplateList } from '../../schemas/responses.ts';
import type { Template } from '../../schemas/template.ts';
import { formatPrice } from '../../core/markdown/format-facts.ts';
import { escapeMarkdown, mdLink } from '../../core/markdown/markdown-text.ts';
import { renderSearchResultsMarkdown } from '../../core/markdown/render-search-results-markdown.ts';
import { renderTemplateMarkdown } from '../../core/markdown/render-template-markdown.ts';
import { TOOL_NAMES as T } from '../../core/tool-names.ts';

/** Text block of search_templates: the result list, then the next step of the flow. */
export function renderSearchText(list: TemplateList, query: ListQuery, categories: readonly Category[], siteUrl: string): string {
  const text = renderSearchResultsMarkdown(list, query, categories, siteUrl);
  if (list.count === 0) return text;
  return `${text}\n\nNext: ${T.getTemplate} with an id for the full details, or ${T.studioLink} with a template id and the person's website to open it in the studio.`;
}

// Templates are immutable once loaded: each one's text is rendered once per process.
const templateTexts = new WeakMap<Template, string>();

/** Text block of get_template: the template's Markdown page, then the next step. */
export function renderTemplateText(template: Template): string {
  let text = templateTexts.get(template);
  if (text === undefined) {
    text = `${renderTemplateMarkdown(template).trimEnd()}\n\nNext: ${T.studioLink} with template "${template.id}" (and the person's website as site) builds the link to hand over.`;
    templateTexts.set(template, text);
  }
  return text;
}

/** Text block of studio_link: the link, what the person does with it, and what it costs. */
export function renderStudioLinkText(link: StudioLink, template: Template | undefined, format: string | undefined): string {
  const name = template ? `${mdLink(template.title, template.url)} (\`${link.template}\`)` : `\`${link.template}\``;
  const filled = [link.site ? `filled with the brand of ${escapeMarkdown(link.site)}` : '', format ? `opening in ${format}` : '']
    .filter(Boolean)
    .join(', ');
  const price = template && template.priceCents > 0 ? `${formatPrice(template.priceCents)}, paid in the studio` : 'free to export';
  return [
    `Studio link for ${name}${filled ? `, ${filled}` : ''}:`,
    link.url,
    `Give this link to the person: it opens the template in the studio, where they adjust it and export the video with their own account (${price}).`,
    'The link creates nothing; this service cannot make, render or export the video itself.',
    link.site ? '' : "Tip: pass the person's website as site so the studio fills in their logo, colours and copy.",
  ].filter(Boolean).join('\n\n');
}
