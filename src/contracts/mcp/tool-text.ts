import type { Category } from '../../schemas/catalog-file.ts';
import type { ListQuery } from '../../schemas/queries.ts';
import type { StudioLink, TemplateList } from '../../schemas/responses.ts';
import type { Template } from '../../schemas/template.ts';
import { buildSearchHref, describeUnderstood, renderUnderstoodMarkdown } from '../../core/markdown/describe-understood.ts';
import { categoryLabelOf, formatDuration, formatPrice } from '../../core/markdown/format-facts.ts';
import { describeFilters, describeSuggestion } from '../../core/markdown/render-search-markdown.ts';
import { escapeMarkdown, mdLink } from '../../core/markdown/markdown-text.ts';
import { hasListFilters } from '../../core/operations/list-filters.ts';
import { renderSearchResultsMarkdown } from '../../core/markdown/render-search-results-markdown.ts';
import { describeSortWords, describeUnmatched } from '../../core/markdown/describe-unmatched.ts';
import { renderTemplateMarkdown } from '../../core/markdown/render-template-markdown.ts';
import { TOOL_NAMES as T } from '../../core/tool-names.ts';

// One line per template, made once per loaded template (they never change).
const lines = new WeakMap<Template, string>();

/** `[Title](page) \`id\`: Category · $12 per export · 20 s · 16:9, 9:16`: what decides a choice, on one line. */
function renderTemplateLine(t: Template): string {
  let line = lines.get(t);
  if (line === undefined) {
    const facts = [categoryLabelOf(t), formatPrice(t.priceCents), formatDuration(t.durationSeconds), t.formats.join(', ')];
    line = `${mdLink(t.title, t.url)} \`${t.id}\`: ${escapeMarkdown(facts.join(' · '))}`;
    lines.set(t, line);
  }
  return line;
}

const NEXT_SEARCH = `Next: ${T.getTemplate} with an id for the details (description, editable parts, example videos, poster), or ${T.studioLink} with an id and the person's website to open it in the studio.`;

/**
 * Text block of search_templates, short enough to read in one go: how many matched, what was
 * read from the words, one line per template (title linked to its page, id, the deciding facts),
 * the next page and the next step. Nothing matched: the shared answer with broader searches
 * and the categories.
 */
export function renderSearchText(list: TemplateList, query: ListQuery, categories: readonly Category[], siteUrl: string): string {
  const total = list.total ?? list.count;
  if (total === 0 || list.count === 0) return renderSearchResultsMarkdown(list, query, categories, siteUrl);
  const understood = renderUnderstoodMarkdown(describeUnderstood(list.understood, (q) => buildSearchHref(`${siteUrl}/search`, q, query)));
  const offset = list.offset ?? 0;
  const last = offset + list.count;
  const filtered = Boolean(query.q?.trim()) || hasListFilters(query);
  const head = `${filtered ? `${total} ${total === 1 ? 'template matches' : 'templates match'} ${escapeMarkdown(describeFilters(query))}` : `The catalog holds ${total} templates, newest first`}${list.count === total ? '' : `; showing ${offset + 1}-${last}`}.`;
  const items = list.templates.map((t, i) => `${offset + i + 1}. ${renderTemplateLine(t)}`).join('\n');
  const more = last < total ? `${total - last} more: ask again with offset ${last}.` : '';
  const unmatched = escapeMarkdown([describeUnmatched(list), describeSortWords(list)].filter(Boolean).join(' '));
  return [head, unmatched, understood, describeSuggestion(list.suggestion), items, more, NEXT_SEARCH].filter(Boolean).join('\n\n');
}

// Templates are immutable once loaded: each one's text is rendered once per process.
const templateTexts = new WeakMap<Template, string>();

/** Text block of get_template: the template's Markdown page with its PNG poster (for hosts that show images), then the next step. */
export function renderTemplateText(template: Template, posterUrl: string): string {
  let text = templateTexts.get(template);
  if (text === undefined) {
    const poster = `![Poster: ${escapeMarkdown(template.title)}](${posterUrl})`;
    text = `${renderTemplateMarkdown(template).trimEnd()}\n\n${poster}\n\nNext: ${T.studioLink} with template "${template.id}" (and the person's website as site) builds the link to hand over.`;
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
