import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../../config/config.ts';
import { countListPages, toCategoryPagePath } from '../../../core/links/list-pages.ts';
import { markdownResponse } from '../../../core/markdown/markdown-response.ts';
import { renderListPageMarkdown } from '../../../core/markdown/render-list-page-markdown.ts';
import { CATEGORY_LIMIT } from '../../../core/markdown/site-copy.ts';
import { readListPage } from '../../../site/read-list-page.ts';
import type { Category } from '../../../schemas/catalog-file.ts';
import { listCategoryLaterPages } from '../../../site/list-later-pages.ts';
import { loadSiteCatalog } from '../../../site/load-site-catalog.ts';

export const getStaticPaths = (() => listCategoryLaterPages(loadSiteCatalog(getConfig()).catalog)) satisfies GetStaticPaths;

/** /categories/{id}/{n}.md: the Markdown twin of a later category page (same templates as the page). */
export const GET: APIRoute<{ category: Category; n: number }> = ({ props }) => {
  const config = getConfig();
  const { catalog } = loadSiteCatalog(config);
  const result = readListPage(catalog, props.category.id, { limit: CATEGORY_LIMIT, offset: (props.n - 1) * CATEGORY_LIMIT });
  const pages = countListPages(result.total ?? result.count, CATEGORY_LIMIT);
  return markdownResponse(
    renderListPageMarkdown({ siteUrl: config.SITE_URL, title: `${props.category.label} templates, page ${props.n} of ${pages}`, templates: result.templates, n: props.n, pages, pathOf: (p) => toCategoryPagePath(props.category.id, p) }),
  );
};
