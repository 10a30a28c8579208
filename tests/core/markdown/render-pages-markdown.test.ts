import { describe, expect, it } from 'vitest';
import { renderCatalogMarkdown } from '../../../src/core/markdown/render-catalog-markdown.ts';
import { renderCategoryMarkdown } from '../../../src/core/markdown/render-category-markdown.ts';
import { renderNotFoundMarkdown } from '../../../src/core/markdown/render-not-found-markdown.ts';
import { renderRequestsMarkdown } from '../../../src/core/markdown/render-requests-markdown.ts';
import { describeFilters, renderSearchMarkdown } from '../../../src/core/markdown/render-search-markdown.ts';
import { loadFixtureCatalog, URLS } from './fixture-templates.ts';

const site = URLS.siteUrl;
const { categories, entries } = loadFixtureCatalog();
const templates = entries.map((e) => e.template);
const [productLaunch, event] = categories as [(typeof categories)[0], (typeof categories)[0]];

describe('renderCatalogMarkdown', () => {
  const md = renderCatalogMarkdown({ siteUrl: site, categories, countsByCategory: { 'product-launch': 1, event: 1 }, newest: templates, total: 2 });

  it('names the catalog and lists categories with counts and links', () => {
    expect(md.startsWith('# Template Catalog\n')).toBe(true);
    expect(md).toContain('- [Product launch](https://catalog.example.org/categories/product-launch) (1): Reveal a new product');
  });

  it('lists the newest templates with their twin and JSON links', () => {
    expect(md).toContain('[Neon Countdown Launch](https://catalog.example.org/templates/neon-countdown-launch)');
    expect(md).toContain('[JSON](https://catalog.example.org/api/v1/templates/tpl-9002)');
    expect(md).toContain('All 2 templates, newest first.');
  });

  it('says how many it left out and where the rest are when cut', () => {
    const cut = renderCatalogMarkdown({ siteUrl: site, categories, countsByCategory: {}, newest: templates.slice(0, 1), total: 10_000 });
    expect(cut).toContain('Showing the 1 newest of 10000 templates. All of them: https://catalog.example.org/search');
  });

  it('points programs at the API, MCP and llms.txt', () => {
    expect(md).toContain('MCP server: https://catalog.example.org/api/mcp');
    expect(md).toContain('llms.txt: https://catalog.example.org/llms.txt');
  });
});

describe('renderCategoryMarkdown', () => {
  it('titles the category and lists its templates', () => {
    const md = renderCategoryMarkdown({ siteUrl: site, category: event, templates: templates.filter((t) => t.category === 'event'), total: 1 });
    expect(md.startsWith('# Event templates\n\n> Announce conferences')).toBe(true);
    expect(md).toContain('[Webinar Kickoff](https://catalog.example.org/templates/webinar-kickoff)');
    expect(md).not.toContain('Neon Countdown');
  });

  it('links search for all templates when the list is cut', () => {
    const md = renderCategoryMarkdown({ siteUrl: site, category: productLaunch, templates: templates.slice(0, 1), total: 300 });
    expect(md).toContain('The 1 newest of 300 templates. All of them: https://catalog.example.org/search?category=product-launch');
  });

  it('says so when the category is empty', () => {
    const md = renderCategoryMarkdown({ siteUrl: site, category: event, templates: [], total: 0 });
    expect(md).toContain('No templates in this category yet.');
  });
});

describe('renderRequestsMarkdown', () => {
  const md = renderRequestsMarkdown('https://catalog.example.org');

  it('gives the requests address on the site host', () => {
    expect(md).toContain('Write to requests@catalog.example.org (mailto:requests@catalog.example.org)');
  });

  it('gives REQUESTS_CONTACT when it is set', () => {
    expect(renderRequestsMarkdown('https://catalog.example.org', 'briefs@studio.example.net')).toContain('Write to briefs@studio.example.net (mailto:briefs@studio.example.net)');
  });

  it('says what a brief should contain and what is out of scope', () => {
    expect(md).toContain('- Your deadline and budget');
    expect(md).toContain('- Editing long videos or live-action footage');
  });
});

describe('renderNotFoundMarkdown', () => {
  it('says nothing is there and where to look instead', () => {
    const md = renderNotFoundMarkdown(site);
    expect(md.startsWith('# Page not found\n')).toBe(true);
    expect(md).toContain('https://catalog.example.org/index.md');
    expect(md).toContain('https://catalog.example.org/api/v1/templates?q=countdown');
  });
});

describe('renderSearchMarkdown', () => {
  const result = { apiVersion: 'v1', count: 1, total: 30, templates: templates.slice(0, 1) };

  it('states the query, the counts and the next page', () => {
    const md = renderSearchMarkdown(site, { q: 'neon', tier: 'premium' }, result, 1, 2, 24);
    expect(md.startsWith('# Search: "neon", tier premium\n\n30 templates match. Page 1 of 2.')).toBe(true);
    expect(md).toContain('Next page: https://catalog.example.org/search.md?q=neon&tier=premium&page=2');
    expect(md).toContain('JSON: https://catalog.example.org/api/v1/templates?q=neon&tier=premium&limit=24');
  });

  it('links the JSON of the same page with the API\'s limit and offset, never a page parameter', () => {
    const state = { q: 'neon', category: '', tier: '', format: '', page: 2 };
    const md = renderSearchMarkdown(site, state, result, 2, 2, 24);
    expect(md).toContain('JSON: https://catalog.example.org/api/v1/templates?q=neon&limit=24&offset=24');
    expect(md).not.toMatch(/api\/v1\/templates\?[^\s]*page=/);
  });

  it('suggests what to try when nothing matches', () => {
    const md = renderSearchMarkdown(site, { q: 'zzz' }, { apiVersion: 'v1', count: 0, total: 0, templates: [] }, 1, 1, 24);
    expect(md).toContain('No templates match. Try fewer words');
    expect(md).not.toContain('Next page');
  });
});

describe('describeFilters', () => {
  it('says "all templates" without filters', () => expect(describeFilters({})).toBe('all templates'));
});
