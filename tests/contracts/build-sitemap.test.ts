import { describe, expect, it } from 'vitest';
import { buildRootSitemap, buildSitemapXml, childSitemapPath } from '../../src/contracts/published/build-sitemap.ts';
import { buildSitemapMarkdown, buildSitemapMarkdownPart, childSitemapMarkdownPath } from '../../src/contracts/published/build-sitemap-md.ts';
import { listCatalogFiles } from '../../src/contracts/published/catalog-files.ts';
import { listSitePages, type SitePage } from '../../src/contracts/published/list-site-pages.ts';
import { countListPages } from '../../src/core/links/list-pages.ts';
import { HOME_LIMIT } from '../../src/core/markdown/site-copy.ts';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';
import { listLocs, validateSitemapXml } from './validate-sitemap-xml.ts';

const SITE = 'https://catalog.test';
const builtAt = new Date('2026-06-01T12:00:00.000Z');
const catalog = loadSampleCatalog();
const pages = listSitePages(catalog, builtAt);

describe('listSitePages', () => {
  it('lists home, docs, requests, the later pages of the newest list, every category and every template once', () => {
    const paths = pages.map((p) => p.path);
    expect(paths.slice(0, 3)).toEqual(['/', '/docs', '/requests']);
    const newest = countListPages(catalog.templates.length, HOME_LIMIT) - 1;
    expect(paths.slice(3, 3 + newest)).toEqual(Array.from({ length: newest }, (_, i) => `/newest/${i + 2}`));
    expect(paths).toHaveLength(3 + newest + catalog.categories.length + catalog.templates.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const t of catalog.templates) expect(paths).toContain(`/templates/${t.slug}`);
  });

  it('dates a template by publishedAt and the rest by the build, all in UTC with a zone', () => {
    const t = catalog.templates.find((x) => x.publishedAt)!;
    expect(pages.find((p) => p.path === `/templates/${t.slug}`)!.lastmod).toBe(new Date(t.publishedAt!).toISOString().replace('.000Z', 'Z'));
    expect(pages[0]!.lastmod).toBe('2026-06-01T12:00:00Z');
    for (const p of pages) expect(p.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});

describe('buildRootSitemap', () => {
  it('is one valid urlset while the pages fit in one file', async () => {
    const xml = buildRootSitemap(SITE, pages);
    expect(await validateSitemapXml(xml)).toEqual([]);
    expect(listLocs(xml)).toEqual(pages.map((p) => SITE + p.path));
  });

  it('becomes a valid index of valid child sitemaps past the URL limit', async () => {
    const index = buildRootSitemap(SITE, pages, 10);
    expect(await validateSitemapXml(index)).toEqual([]);
    const children = Math.ceil(pages.length / 10);
    expect(listLocs(index)).toEqual(Array.from({ length: children }, (_, i) => SITE + childSitemapPath(i + 1)));
    expect(childSitemapPath(2)).toBe('/sitemaps/sitemap-2.xml');
    // each child holds its slice, and the index dates each child by its newest page
    const first = pages.slice(0, 10);
    expect(await validateSitemapXml(buildSitemapXml(SITE, first))).toEqual([]);
    const newest = first.map((p) => p.lastmod).sort().at(-1);
    expect(index).toContain(`<loc>${SITE}/sitemaps/sitemap-1.xml</loc><lastmod>${newest}</lastmod>`);
  });

  it('escapes characters XML reserves', async () => {
    const odd: SitePage = { path: '/templates/a&b', title: 'A & B', description: 'x', kind: 'template', lastmod: '2026-01-01T00:00:00Z' };
    const xml = buildSitemapXml(SITE, [odd]);
    expect(xml).toContain('/templates/a&#38;b');
    expect(await validateSitemapXml(xml)).toEqual([]);
  });
});

describe('buildSitemapMarkdown', () => {
  it('lists the same pages, each with its Markdown twin', () => {
    const md = buildSitemapMarkdown(SITE, pages);
    expect(md.startsWith('# ')).toBe(true);
    expect(md).toContain(`[Markdown](${SITE}/index.md)`);
    for (const p of pages) expect(md).toContain(`](${SITE}${p.path})`);
    expect(md).toContain(`](${SITE}${pages.at(-1)!.path}.md)`);
  });

  it('splits where the XML sitemap splits: pages and categories stay, the templates move to parts that list each once', () => {
    const md = buildSitemapMarkdown(SITE, pages, 10);
    const chunks = Math.ceil(pages.length / 10);
    for (let n = 1; n <= chunks; n++) expect(md).toContain(`](${SITE}/sitemaps/sitemap-${n}.md)`);
    expect(childSitemapMarkdownPath(2)).toBe('/sitemaps/sitemap-2.md');
    const templates = pages.filter((p) => p.kind === 'template');
    for (const p of pages.filter((x) => x.kind !== 'template')) expect(md).toContain(`](${SITE}${p.path})`);
    for (const p of templates) expect(md).not.toContain(`](${SITE}${p.path})`);
    const parts = Array.from({ length: chunks }, (_, i) => buildSitemapMarkdownPart(SITE, pages.slice(i * 10, i * 10 + 10), i + 1, chunks)).join('\n');
    for (const p of templates) expect(parts.split(`](${SITE}${p.path})`).length - 1).toBe(1);
  });

  it('stays one file, with no parts written, while the pages fit one XML sitemap', () => {
    const files = listCatalogFiles(catalog, SITE, builtAt).map((f) => f.path);
    expect(files).toContain('/sitemap.md');
    expect(files.filter((f) => f.startsWith('/sitemaps/'))).toEqual([]);
  });
});
