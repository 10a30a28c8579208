import type { Catalog } from '../../core/catalog/catalog.ts';
import { countListPages, listLaterPages, toCategoryPagePath, toNewestPagePath } from '../../core/links/list-pages.ts';
import { CATEGORY_LIMIT, HOME_LIMIT, SITE_NAME } from '../../core/markdown/site-copy.ts';

/** One HTML page of the site, as the sitemaps and llms.txt list it. */
export interface SitePage {
  /** Path from the site root: `/`, `/docs`, `/categories/event`, `/templates/neon-countdown-launch`. */
  path: string;
  title: string;
  description: string;
  kind: 'page' | 'category' | 'template';
  /** W3C datetime in UTC, e.g. `2026-05-02T09:00:00Z`. */
  lastmod: string;
}

/** W3C datetime (sitemaps.org) in UTC without milliseconds. */
export function toW3cDatetime(date: Date | string): string {
  return new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Every prerendered HTML page, in sitemap order: the site pages, the later pages of the newest
 * list, categories (each followed by its later pages), then templates newest first. A template's lastmod is its publishedAt, a category's that of its newest
 * template; anything undated falls back to the build time.
 */
export function listSitePages(catalog: Catalog, builtAt: Date): SitePage[] {
  const built = toW3cDatetime(builtAt);
  const newestByCategory = new Map<string, string>();
  const countByCategory = new Map<string, number>();
  for (const t of catalog.templates) {
    countByCategory.set(t.category, (countByCategory.get(t.category) ?? 0) + 1);
    // templates are newest first, so the first dated one per category wins
    if (t.publishedAt && !newestByCategory.has(t.category)) newestByCategory.set(t.category, toW3cDatetime(t.publishedAt));
  }
  return [
    { path: '/', title: SITE_NAME, description: 'Home: categories and the newest templates.', kind: 'page', lastmod: built },
    { path: '/docs', title: 'API and MCP guide', description: 'How to search, read templates and build studio links over REST and MCP.', kind: 'page', lastmod: built },
    { path: '/requests', title: 'Custom animation requests', description: 'Where one-off custom animation briefs go.', kind: 'page', lastmod: built },
    ...listLaterPages(countListPages(catalog.templates.length, HOME_LIMIT)).map((n): SitePage => ({
      path: toNewestPagePath(n),
      title: `Newest templates, page ${n}`,
      description: `The catalog, newest first: templates ${(n - 1) * HOME_LIMIT + 1} to ${Math.min(n * HOME_LIMIT, catalog.templates.length)}.`,
      kind: 'page',
      lastmod: built,
    })),
    ...catalog.categories.flatMap((c): SitePage[] => [1, ...listLaterPages(countListPages(countByCategory.get(c.id) ?? 0, CATEGORY_LIMIT))].map((n) => ({
      path: toCategoryPagePath(c.id, n),
      title: n === 1 ? c.label : `${c.label}, page ${n}`,
      description: c.description,
      kind: 'category',
      lastmod: newestByCategory.get(c.id) ?? built,
    }))),
    ...catalog.templates.map((t): SitePage => ({
      path: `/templates/${t.slug}`,
      title: t.title,
      description: t.description,
      kind: 'template',
      lastmod: t.publishedAt ? toW3cDatetime(t.publishedAt) : built,
    })),
  ];
}
