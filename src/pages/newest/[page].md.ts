import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../config/config.ts';
import { countListPages, toNewestPagePath } from '../../core/links/list-pages.ts';
import { markdownResponse } from '../../core/markdown/markdown-response.ts';
import { renderListPageMarkdown } from '../../core/markdown/render-list-page-markdown.ts';
import { HOME_LIMIT } from '../../core/markdown/site-copy.ts';
import { readListPage } from '../../site/read-list-page.ts';
import { listNewestLaterPages } from '../../site/list-later-pages.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';

export const getStaticPaths = (() => listNewestLaterPages(loadSiteCatalog(getConfig()).catalog)) satisfies GetStaticPaths;

/** /newest/{n}.md: the Markdown twin of a later page of the home's list. */
export const GET: APIRoute<{ n: number }> = ({ props }) => {
  const config = getConfig();
  const result = readListPage(loadSiteCatalog(config).catalog, undefined, { limit: HOME_LIMIT, offset: (props.n - 1) * HOME_LIMIT });
  const pages = countListPages(result.total ?? result.count, HOME_LIMIT);
  return markdownResponse(
    renderListPageMarkdown({ siteUrl: config.SITE_URL, title: `Newest templates, page ${props.n} of ${pages}`, templates: result.templates, n: props.n, pages, pathOf: toNewestPagePath }),
  );
};
