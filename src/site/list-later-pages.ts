import type { Category } from '../schemas/catalog-file.ts';
import { countListPages, listLaterPages } from '../core/links/list-pages.ts';
import { CATEGORY_LIMIT, HOME_LIMIT } from '../core/markdown/site-copy.ts';
import { readListPage } from './read-list-page.ts';
import type { Catalog } from '../core/catalog/catalog.ts';

/** Every later page of every category (`/categories/{id}/2`, …): getStaticPaths of the page and its twin. */
export function listCategoryLaterPages(catalog: Catalog): { params: { category: string; page: string }; props: { category: Category; n: number } }[] {
  const counts = readListPage(catalog, undefined, { limit: 1 }).facets?.category ?? {};
  return catalog.categories.flatMap((category) =>
    listLaterPages(countListPages(counts[category.id] ?? 0, CATEGORY_LIMIT)).map((n) => ({ params: { category: category.id, page: String(n) }, props: { category, n } })),
  );
}

/** Every later page of the newest list (`/newest/2`, …). */
export function listNewestLaterPages(catalog: Catalog): { params: { page: string }; props: { n: number } }[] {
  return listLaterPages(countListPages(catalog.templates.length, HOME_LIMIT)).map((n) => ({ params: { page: String(n) }, props: { n } }));
}
