import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../config/config.ts';
import { markdownResponse } from '../../core/markdown/markdown-response.ts';
import { renderCategoryMarkdown } from '../../core/markdown/render-category-markdown.ts';
import { CATEGORY_LIMIT } from '../../core/markdown/site-copy.ts';
import { readListPage } from '../../site/read-list-page.ts';
import type { Category } from '../../schemas/catalog-file.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';

export const getStaticPaths = (() => {
  const { catalog } = loadSiteCatalog(getConfig());
  return catalog.categories.map((category) => ({ params: { category: category.id }, props: { category } }));
}) satisfies GetStaticPaths;

/** /categories/{id}.md: the Markdown twin of a category page (same templates as the page). */
export const GET: APIRoute<{ category: Category }> = ({ props }) => {
  const config = getConfig();
  const { catalog } = loadSiteCatalog(config);
  const result = readListPage(catalog, props.category.id, { limit: CATEGORY_LIMIT });
  return markdownResponse(
    renderCategoryMarkdown({ siteUrl: config.SITE_URL, category: props.category, templates: result.templates, total: result.total ?? result.count }),
  );
};
