import type { TemplateList } from '../../schemas/responses.ts';
import { describeListFilters, listFilterParams, type FilterSource } from '../operations/list-filters.ts';
import { buildSearchHref, describeReadFilters, describeUnderstood, renderUnderstoodMarkdown } from './describe-understood.ts';
import { bulletList, escapeMarkdown, joinBlocks } from './markdown-text.ts';
import { renderTemplateListItem } from './render-template-markdown.ts';
import { describeSortWords, describeUnmatched } from './describe-unmatched.ts';

/** The query and filters a search answered, as given in the address. */
export type SearchFilters = FilterSource & { q?: string | undefined; sort?: string | undefined };

/** Human wording of the active filters, e.g. `"neon", tier free, format 9:16`. */
export function describeFilters(f: SearchFilters): string {
  const parts = [...(f.q ? [`"${f.q}"`] : []), ...describeListFilters(f)];
  return parts.length ? parts.join(', ') : 'all templates';
}

/** "Did you mean" for a search answer that corrected words ('' without a suggestion). */
export function describeSuggestion(suggestion: string | undefined, link?: string): string {
  if (!suggestion) return '';
  const q = escapeMarkdown(suggestion);
  return `Did you mean "${q}"? ${link ? `Results for it: ${link}` : `Search again with q="${q}".`}`;
}

/** The Markdown twin of a /search page: its query, counts, the filters read from the query, one page of results, next page. */
export function renderSearchMarkdown(siteUrl: string, filters: SearchFilters, result: TemplateList, page: number, pages: number, pageSize: number): string {
  const total = result.total ?? result.count;
  const params = new URLSearchParams([...(filters.q ? [['q', filters.q]] : []), ...listFilterParams(filters), ...(filters.sort ? [['sort', filters.sort]] : [])]);
  // The API pages by limit and offset; it has no `page`.
  const api = new URLSearchParams([...params, ['limit', String(pageSize)], ...(page > 1 ? [['offset', String((page - 1) * pageSize)]] : [])]);
  const next = page < pages ? `${siteUrl}/search.md?${new URLSearchParams([...params, ['page', String(page + 1)]])}` : undefined;
  return joinBlocks([
    `# Search: ${escapeMarkdown(describeFilters(filters))}`,
    `${total} template${total === 1 ? '' : 's'} match. Page ${Math.min(page, Math.max(pages, 1))} of ${Math.max(pages, 1)}.`,
    escapeMarkdown([describeUnmatched(result), describeSortWords(result)].filter(Boolean).join(' ')),
    renderUnderstoodMarkdown(describeUnderstood(result.understood, (words) => buildSearchHref(`${siteUrl}/search.md`, words, filters))),
    renderReadFilters(siteUrl, filters, result),
    describeSuggestion(result.suggestion, `${siteUrl}/search.md?${new URLSearchParams({ ...Object.fromEntries(params), q: result.suggestion ?? '' })}`),
    result.templates.length > 0
      ? bulletList(result.templates.map(renderTemplateListItem))
      : 'No templates match. Try fewer words, another spelling, or remove a filter.',
    next && `Next page: ${next}`,
    `HTML version: ${siteUrl}/search${params.size ? `?${params}` : ''}. JSON: ${siteUrl}/api/v1/templates?${api}`,
  ]);
}

/** The filters read from q as a list, each with the search choosing Any for it: what the chips show on /search. */
function renderReadFilters(siteUrl: string, filters: SearchFilters, result: TemplateList): string {
  const lines = describeReadFilters(filters, result.understood, (s) => buildSearchHref(`${siteUrl}/search.md`, s.q ?? '', s));
  if (!lines.length) return '';
  const items = lines.map((parts) => renderUnderstoodMarkdown([parts]));
  return `Filters read from the words:\n\n${bulletList(items)}`;
}
