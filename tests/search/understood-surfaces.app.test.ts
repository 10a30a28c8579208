import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateList } from '../../src/schemas/responses.ts';
import { connectClient } from '../mcp/connect-client.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const Q = 'free vertical launch up to 20 seconds';
const SITE = 'http://localhost:4321'; // the build's SITE_URL: MCP and Markdown links name it

let app: RunningApp;
let mcp: Client;

async function rest(params: Record<string, string>): Promise<TemplateList> {
  const res = await fetch(`${app.url}/api/v1/templates?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as TemplateList;
}

/** The text inside the catalog browser's "understood" block of a /search page, tags dropped, and its links. */
async function readPage(path: string): Promise<{ text: string; links: string[] }> {
  const html = await (await fetch(`${app.url}${path}`)).text();
  const block = /<div class="catalog__understood[^"]*" data-role="understood"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  const links = [...block.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  return { text: block.replace(/<[^>]+>/g, '').replaceAll('&amp;', '&').replace(/\s+/g, ' ').trim(), links };
}

describe('what the search read from q, on every surface', () => {
  beforeAll(async () => {
    app = await startApp({ MCP_RATE_LIMIT: '100000', REST_RATE_LIMIT: '100000' });
    mcp = await connectClient(app.url, 'modern');
  });
  afterAll(async () => {
    await mcp?.close();
    await app?.stop();
  });

  it('REST and MCP give the same answer and the same understood field', async () => {
    const list = await rest({ q: Q, limit: '5' });
    expect(list.understood).toMatchObject({ summary: 'free, vertical, up to 20 s', words: 'launch' });
    for (const t of list.templates) expect(t.tier === 'free' && t.formats.includes('9:16') && t.durationSeconds <= 20, t.slug).toBe(true);
    const result = (await mcp.callTool({ name: 'search_templates', arguments: { query: Q, limit: 5 } })) as CallToolResult;
    // MCP's structured answer carries the reading in brief; the text below tells the rest.
    expect((result.structuredContent as TemplateList).understood).toEqual({ summary: list.understood!.summary, words: list.understood!.words });
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    expect(text).toContain(`Read as filters: free, vertical, up to 20 s — [search without these filters](${SITE}/search?q=launch)`);
  });

  it('MCP says when an argument won over a word', async () => {
    const result = (await mcp.callTool({ name: 'search_templates', arguments: { query: 'free launch', tier: 'premium' } })) as CallToolResult;
    const list = result.structuredContent as TemplateList;
    expect(list.templates.every((t) => t.tier === 'premium')).toBe(true);
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('Not used as a filter: "free" (tier=premium was given).') });
  });

  it('/search shows the filters read, with a link to the search without them, keeping the other filters', async () => {
    const page = await readPage(`/search?${new URLSearchParams({ q: Q, category: 'product-launch' })}`);
    expect(page.text).toBe('Read as filters: free, vertical, up to 20 s — search without these filters');
    expect(page.links).toEqual(['/search?q=launch&category=product-launch']);
    expect(await readPage('/search?q=launch')).toEqual({ text: '', links: [] });
  });

  it('/search names the constraint to drop when they leave nothing, and /search.md says the same', async () => {
    const q = 'free vertical launch under 5 s';
    const list = await rest({ q });
    expect(list.total).toBe(0);
    const without = list.understood!.phrases.find((p) => p.text === 'under 5 s')!;
    expect(without.matchesWithout).toBe((await rest({ q: without.queryWithout! })).total);
    const page = await readPage(`/search?${new URLSearchParams({ q })}`);
    expect(page.text).toContain(`Nothing matches all of these filters. Drop under 5 s (${without.matchesWithout} templates).`);
    expect(page.links).toEqual(['/search?q=launch', '/search?q=free+vertical+launch']);
    const md = await (await fetch(`${app.url}/search.md?${new URLSearchParams({ q })}`)).text();
    expect(md).toContain(`Read as filters: free, vertical, under 5 s — [search without these filters](${SITE}/search.md?q=launch)`);
    expect(md).toContain(`Drop [under 5 s](${SITE}/search.md?q=free+vertical+launch) (${without.matchesWithout} templates).`);
  });

  it('/search.md says which words stayed words, and why', async () => {
    const md = await (await fetch(`${app.url}/search.md?q=free+shipping`)).text();
    expect(md).toContain('Kept as words to match: "free" (the catalog has "free shipping").');
    expect(md).toMatch(/\[Free Shipping Weekend\]/);
  });
});
