import type { Catalog } from '../core/catalog/catalog.ts';
import { pageTemplates, type ListPage } from '../core/operations/list-templates.ts';
import type { TemplateList } from '../schemas/responses.ts';

/** One list's pages per catalog and category ('' the newest list): made once, each page a slice. */
const pagers = new WeakMap<Catalog, Map<string, (page: ListPage) => TemplateList>>();

/**
 * A page of the newest list, or of one category's (`category`), as listTemplates answers it.
 * The build writes every page of every list (and each category page reads the category counts):
 * asked per page, each cost a pass over the whole catalog, so the list pages grew with the
 * square of the catalog (at 20,000 templates ~12 % of a build's CPU, docs/scale.md).
 */
export function readListPage(catalog: Catalog, category: string | undefined, page: ListPage): TemplateList {
  let lists = pagers.get(catalog);
  if (!lists) pagers.set(catalog, (lists = new Map()));
  const key = category ?? '';
  let pager = lists.get(key);
  if (!pager) lists.set(key, (pager = pageTemplates(catalog, category === undefined ? {} : { category })));
  return pager(page);
}
