import type { APIRoute } from 'astro';
import { readListParams } from '../components/catalog/read-list-params.ts';
import { countPages } from '../components/catalog/catalog-state.ts';
import { markdownResponse } from '../core/markdown/markdown-response.ts';
import { renderSearchMarkdown } from '../core/markdown/render-search-markdown.ts';
import { SEARCH_PAGE_SIZE } from '../core/markdown/site-copy.ts';
import { listTemplates } from '../core/operations/list-templates.ts';
import { formatSearchNote } from '../core/search/search-note.ts';
import { SEARCH_NOTE } from '../core/header-names.ts';

export const prerender = false;

/** /search.md (on demand): the Markdown twin of a /search page. */
export const GET: APIRoute = ({ url, locals }) => {
  const site = locals.config.SITE_URL;
  const read = readListParams(url.searchParams, SEARCH_PAGE_SIZE);
  if (!read.query) {
    return markdownResponse(`# Search: bad parameter\n\n${read.error}.\n\nStart again: ${site}/search.md\n`, 400);
  }
  const result = listTemplates(locals.catalog, read.query);
  const pages = countPages(result.total ?? result.count, SEARCH_PAGE_SIZE);
  const body = renderSearchMarkdown(site, read.state, result, read.state.page, pages, SEARCH_PAGE_SIZE);
  // As /search: a page past the last one is 404 (the body says which page is the last).
  const response = markdownResponse(body, read.state.page > pages ? 404 : 200);
  const note = formatSearchNote(result);
  if (note) response.headers.set(SEARCH_NOTE, note); // for the access log (search-note.ts)
  return response;
};
