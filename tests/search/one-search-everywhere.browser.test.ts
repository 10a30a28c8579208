import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, type ExpectStatic } from 'vitest';
import { describeUnderstood } from '../../src/core/markdown/describe-understood.ts';
import { SEARCH_PAGE_SIZE } from '../../src/core/markdown/site-copy.ts';
import type { UnderstoodQuery } from '../../src/schemas/responses.ts';
import { describeWithChromium, startBrowserSite, type BrowserSite } from '../helpers/browser.ts';
import { readResults } from '../e2e/catalog-page.ts';
import { connectClient } from '../mcp/connect-client.ts';

/** Queries that lean on every rule: a swap, a sentence, a format word, split words, synonyms, typos, constraints in words. */
const QUERIES = ['lanuch', 'a video for our podcast', 'vertical product launch', 'walk through', 'careers', 'prodcut lanuch', 'xmas sale', 'free launch under 20 seconds with music', 'free shipping'];

let site: BrowserSite;
let mcp: Client;
/** One page without JavaScript and one with, each navigated afresh for every query. */
let plain: Page;
let live: Page;

/** What the search read from q as the pages show it: each line's text, links included. */
const toLines = (understood: UnderstoodQuery | undefined) => describeUnderstood(understood, () => '').map((parts) => parts.map((p) => (typeof p === 'string' ? p : p.text)).join(''));

async function askRest(q: string): Promise<{ titles: string[]; suggestion?: string; understood: string[] }> {
  const res = await fetch(`${site.server.url}/api/v1/templates?${new URLSearchParams({ q, limit: String(SEARCH_PAGE_SIZE) })}`);
  const body = (await res.json()) as { templates: { title: string }[]; suggestion?: string; understood?: UnderstoodQuery };
  return { titles: body.templates.map((t) => t.title), ...(body.suggestion ? { suggestion: body.suggestion } : {}), understood: toLines(body.understood) };
}

/** The lines of the catalog browser's "understood" block, as shown (none when hidden). */
async function readUnderstood(page: Page): Promise<string[]> {
  const box = page.locator('[data-role="understood"]');
  return (await box.isVisible()) ? (await box.locator('p').allInnerTexts()).map((t) => t.trim()) : [];
}

async function askMcp(q: string): Promise<{ titles: string[]; suggestion?: string; text: string }> {
  const result = (await mcp.callTool({ name: 'search_templates', arguments: { query: q, limit: SEARCH_PAGE_SIZE } })) as CallToolResult;
  const list = result.structuredContent as { templates: { title: string }[]; suggestion?: string };
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return { titles: list.templates.map((t) => t.title), ...(list.suggestion ? { suggestion: list.suggestion } : {}), text };
}

/** The /search page as the server renders it (no JavaScript), and its "did you mean" line. */
async function askPage(page: Page, q: string): Promise<{ titles: string[]; suggestion?: string; understood: string[] }> {
  await page.goto(`/search?${new URLSearchParams({ q })}`);
  const hint = page.locator('[data-search-suggestion]');
  const suggestion = (await hint.isVisible()) ? await hint.getByRole('link').innerText() : undefined;
  return { titles: (await readResults(page)).titles, ...(suggestion ? { suggestion } : {}), understood: await readUnderstood(page) };
}

/** The as-you-type box on the home page: typed, then read once the grid follows (`expect` of the running test: polls need it in concurrent tests). */
async function askBox(page: Page, q: string, expected: readonly string[], expect: ExpectStatic): Promise<string[]> {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search templates' }).fill(q);
  await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 5_000 }).toBe(q);
  await expect.poll(async () => (await readResults(page)).titles, { timeout: 5_000 }).toEqual(expected);
  return (await readResults(page)).titles;
}

describeWithChromium('one search behind REST, MCP, the /search page and the as-you-type box', () => {
  beforeAll(async () => {
    site = await startBrowserSite({ env: { MCP_RATE_LIMIT: '100000' } });
    mcp = await connectClient(site.server.url, 'modern');
    [plain, live] = await Promise.all([site.open({ javaScriptEnabled: false }), site.open()]);
  });
  afterAll(async () => {
    await mcp?.close();
    await site?.close();
  });

  // One query at a time on two long-lived pages: three at a time, each in fresh contexts, took
  // 20-30 s a query on the 2-core CI machine (timeouts), against ~1.5 s like this.
  it.for(QUERIES)('answers "%s" the same on all four', async (q, { expect }) => {
    const rest = await askRest(q);
    expect(rest.titles.length, q).toBeGreaterThan(0);
    const viaMcp = await askMcp(q);
    expect(viaMcp.titles).toEqual(rest.titles);
    for (const line of rest.understood) expect(viaMcp.text).toContain(line.split(' — ')[0]);
    expect(viaMcp.suggestion).toEqual(rest.suggestion);
    if (rest.suggestion) expect(viaMcp.text).toContain(`Did you mean "${rest.suggestion}"?`);

    expect(await askPage(plain, q)).toEqual(rest);
    expect(await askBox(live, q, rest.titles, expect)).toEqual(rest.titles);
    expect(await readUnderstood(live)).toEqual(rest.understood);
  });

  it('offers the corrected search as a link on /search, and the box keeps it in step', async () => {
    const page = await site.open();
    await page.goto(`/search?q=${encodeURIComponent('prodcut lanuch')}`);
    const hint = page.locator('[data-search-suggestion]');
    await expect.poll(() => hint.isVisible()).toBe(true);
    expect(await hint.getByRole('link').getAttribute('href')).toBe('/search?q=product+launch');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('product launch');
    await expect.poll(() => hint.isVisible(), { timeout: 5_000 }).toBe(false);
    await page.context().close();
  });
});
