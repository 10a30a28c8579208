import type { Category } from '../../schemas/catalog-file.ts';
import type { ListQuery } from '../../schemas/queries.ts';
import type { TemplateList } from '../../schemas/responses.ts';
import type { Template } from '../../schemas/template.ts';
import { hasListFilters } from '../operations/list-filters.ts';
import { buildSearchHref, describeUnderstood, renderUnderstoodMarkdown } from './describe-understood.ts';
import { escapeMarkdown } from './markdown-text.ts';
import { describeFilters, describeSuggestion } from './render-search-markdown.ts';
import { describeSortWords, describeUnmatched } from './describe-unmatched.ts';
import { renderTemplateListItem } from './render-template-markdown.ts';

const SUMMARY_LENGTH = 160;
// ASCII punctuation ("...", "1-10", straight quotes) keeps these answers one-byte strings when the
// catalog text is Latin-1: the MCP transport re-encodes every answer, three times faster then.
// Templates are immutable once loaded, so each one's list entry is rendered once per process.
const entries = new WeakMap<Template, string>();

function summarize(description: string): string {
  const flat = escapeMarkdown(description);
  return flat.length <= SUMMARY_LENGTH ? flat : `${flat.slice(0, SUMMARY_LENGTH - 1).trimEnd()}...`;
}

function renderEntry(t: Template): string {
  let entry = entries.get(t);
  if (entry === undefined) {
    entry = `${renderTemplateListItem(t)}\n   ${summarize(t.description)}`;
    entries.set(t, entry);
  }
  return entry;
}

const hasFilters = (q: ListQuery) => Boolean(q.q?.trim()) || hasListFilters(q);

function renderNoMatch(query: ListQuery, categories: readonly Category[], suggestion: string, understood: string): string {
  const tips = [
    query.q?.trim() ? 'use fewer or broader words (a theme such as "launch", "sale" or "event" rather than a product name)' : '',
    hasListFilters(query) ? 'drop a filter' : '',
  ].filter(Boolean);
  const browse = categories.map((c) => `\`${c.id}\` (${escapeMarkdown(c.label)})`).join(', ');
  return [
    `No templates match ${hasFilters(query) ? escapeMarkdown(describeFilters(query)) : 'yet: the catalog is empty'}.`,
    understood,
    suggestion,
    tips.length ? `Try again: ${tips.join(', or ')}.` : '',
    browse ? `Categories to filter or search by: ${browse}.` : '',
  ].filter(Boolean).join('\n\n');
}

/**
 * A list or search answer as compact Markdown a model can read and cite: how many matched,
 * the page shown, one numbered item per template (page link, facts, id, Markdown and JSON
 * links, a one-line summary) and how to get the next page; the filters read from the query
 * (with a link to the search without them, on `siteUrl`'s /search) and "did you mean" when the
 * search corrected a word. When nothing matched it says so, names the filter to drop, and suggests
 * broader queries and the categories.
 */
export function renderSearchResultsMarkdown(list: TemplateList, query: ListQuery, categories: readonly Category[], siteUrl: string): string {
  const total = list.total ?? list.count;
  const suggestion = describeSuggestion(list.suggestion);
  const said = escapeMarkdown([describeUnmatched(list), describeSortWords(list)].filter(Boolean).join(' '));
  const understood = [said, renderUnderstoodMarkdown(describeUnderstood(list.understood, (q) => buildSearchHref(`${siteUrl}/search`, q, query)))].filter(Boolean).join('\n\n');
  if (total === 0) return renderNoMatch(query, categories, suggestion, understood);
  const offset = list.offset ?? 0;
  const head = hasFilters(query)
    ? `${total} ${total === 1 ? 'template matches' : 'templates match'} ${escapeMarkdown(describeFilters(query))}`
    : `The catalog holds ${total} template${total === 1 ? '' : 's'}`;
  if (list.count === 0) return `${head}, but offset ${offset} is past the last one: ask again with a smaller offset.`;
  const last = offset + list.count;
  const shown = list.count === total ? '' : `; showing ${offset + 1}-${last}`;
  const items = list.templates.map((t, i) => `${offset + i + 1}. ${renderEntry(t)}`);
  const more = last < total ? [`${total - last} more: ask again with offset ${last}.`] : [];
  return [`${head}${shown}.`, ...[understood, suggestion].filter(Boolean), items.join('\n'), ...more].join('\n\n');
}
