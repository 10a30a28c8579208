import { describe, expect, it } from 'vitest';
import { buildLlmsFullTxt } from '../../src/contracts/published/build-llms-full-txt.ts';
import { buildLlmsTxt, LLMS_TXT_MAX_TEMPLATES } from '../../src/contracts/published/build-llms-txt.ts';
import type { Catalog } from '../../src/core/catalog/catalog.ts';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';
import { parseLlmsTxt } from './parse-llms-txt.ts';

const SITE = 'https://catalog.test';
const config = { SITE_URL: SITE };
const catalog = loadSampleCatalog();

/** The sample catalog grown to `n` templates (copies with new ids and slugs). */
function grow(n: number): Catalog {
  const base = catalog.templates;
  const templates = Array.from({ length: n }, (_, i) => ({ ...base[i % base.length]!, id: `tpl-x${i}`, slug: `copy-${i}`, title: `Copy ${i}` }));
  return { ...catalog, templates };
}

describe('buildLlmsTxt', () => {
  it('follows the llmstxt.org structure with Docs, Categories, Templates and Optional sections', () => {
    const llms = parseLlmsTxt(buildLlmsTxt(catalog, config));
    expect(llms.title).toBe('Template Catalog');
    expect(llms.summary).toContain(`${catalog.templates.length} promo and launch video templates`);
    expect(llms.sections.map((s) => s.name)).toEqual(['Docs', 'Categories', 'Templates', 'Optional']);
    expect(llms.details.join(' ')).toContain(`${SITE}/api/mcp`);
  });

  it('links the docs, openapi.json, the MCP card and the Markdown twins', () => {
    const urls = parseLlmsTxt(buildLlmsTxt(catalog, config)).sections.flatMap((s) => s.links.map((l) => l.url));
    expect(urls).toEqual(expect.arrayContaining([`${SITE}/docs.md`, `${SITE}/openapi.json`, `${SITE}/.well-known/mcp/server-card.json`, `${SITE}/llms-full.txt`]));
    expect(urls).toEqual(expect.arrayContaining([`${SITE}/.well-known/ard.json`, `${SITE}/.well-known/agent-skills/index.json`]));
    for (const c of catalog.categories) expect(urls).toContain(`${SITE}/categories/${c.id}.md`);
    for (const t of catalog.templates) expect(urls).toContain(`${SITE}/templates/${t.slug}.md`);
  });

  it('gives the rate limits as defaults, names RateLimit-Policy for the live one, and names every tool', () => {
    const details = parseLlmsTxt(buildLlmsTxt(catalog, config)).details.join(' ');
    expect(details).toContain('by default 120 requests per minute per IP for REST and 60 for MCP; these are defaults an operator may change');
    expect(details).toContain('the `RateLimit-Policy` header of every API answer states the limit in force');
    expect(details).toContain('search_templates, get_template, studio_link, search and fetch');
    expect(details).toContain('`search` and `fetch` answer in the shapes ChatGPT connectors');
  });

  it('links only the newest templates of a big catalog and says where the rest are', () => {
    const llms = parseLlmsTxt(buildLlmsTxt(grow(6000), config));
    expect(llms.sections.find((s) => s.name === 'Templates')!.links).toHaveLength(LLMS_TXT_MAX_TEMPLATES);
    const details = llms.details.join(' ');
    expect(details).toContain(`the ${LLMS_TXT_MAX_TEMPLATES} newest of 6000 templates`);
    expect(details).toContain('llms-full.txt holds the 5000 newest in full (capped');
  });
});

describe('buildLlmsFullTxt', () => {
  it('holds every template page under one H1', () => {
    const full = buildLlmsFullTxt(catalog, SITE);
    expect(full.match(/^# /gm)).toHaveLength(1);
    expect(full.match(/^## /gm)).toHaveLength(catalog.templates.length);
    for (const t of catalog.templates) expect(full).toContain(t.studioUrl);
  });

  it('keeps the newest templates past the cap and says so', () => {
    const full = buildLlmsFullTxt(grow(7), SITE, 3);
    expect(full).toContain('The 3 newest of 7 templates (capped)');
    expect(full.match(/^## Copy \d$/gm)).toEqual(['## Copy 0', '## Copy 1', '## Copy 2']);
  });
});
