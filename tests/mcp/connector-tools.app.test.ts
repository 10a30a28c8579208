import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { ERAS, connectClient } from './connect-client.ts';

// The build's SITE_URL: results name public pages under it; the app serves their paths.
const SITE = 'http://localhost:4321';
const ERROR_KEY = 'localhost/error';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ MCP_RATE_LIMIT: '100000', REST_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  await app?.stop();
});

/** The one text block a connector reads, parsed as the JSON it must hold. */
function readJsonBlock(result: CallToolResult): Record<string, unknown> {
  expect(result.content).toHaveLength(1);
  const [block] = result.content;
  expect(block?.type).toBe('text');
  return JSON.parse(block!.type === 'text' ? block!.text : '') as Record<string, unknown>;
}

const onSite = (url: string) => `${app.url}${new URL(url).pathname}`;

describe.each(ERAS)('ChatGPT connector tools over the %s protocol era', (era) => {
  let client: Client;
  let tools: Tool[];
  beforeAll(async () => {
    client = await connectClient(app.url, era);
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client?.close();
  });
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

  describe('tools/list', () => {
    it('offers search with one string query and fetch with one string id, read-only', () => {
      const search = tools.find((t) => t.name === 'search')!;
      const fetchTool = tools.find((t) => t.name === 'fetch')!;
      expect(search.inputSchema).toMatchObject({ type: 'object', required: ['query'], properties: { query: { type: 'string' } } });
      expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(['query']);
      expect(fetchTool.inputSchema).toMatchObject({ type: 'object', required: ['id'], properties: { id: { type: 'string' } } });
      expect(Object.keys(fetchTool.inputSchema.properties ?? {})).toEqual(['id']);
      for (const tool of [search, fetchTool]) expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    });
  });

  describe('search', () => {
    it('answers one text block {"results": [{id, title, url}]} with the hits of the REST search, in order', async () => {
      const result = await call('search', { query: 'countdown' });
      const body = readJsonBlock(result) as { results: { id: string; title: string; url: string }[] };
      const rest = (await (await fetch(`${app.url}/api/v1/templates?q=countdown&limit=20`)).json()) as { templates: { id: string; title: string; url: string }[] };
      expect(body.results.length).toBeGreaterThan(0);
      expect(body.results).toEqual(rest.templates.map(({ id, title, url }) => ({ id, title, url })));
      for (const hit of body.results) expect(Object.keys(hit)).toEqual(['id', 'title', 'url']);
      // The JSON once: no structuredContent repeating it (and no output schema to check it against).
      expect(result.structuredContent).toBeUndefined();
    });

    it('cites public template pages that the site serves', async () => {
      const { results } = readJsonBlock(await call('search', { query: 'launch' })) as { results: { url: string }[] };
      const first = results[0]!.url;
      expect(first).toMatch(new RegExp(`^${SITE}/templates/[a-z0-9-]+$`));
      const page = await fetch(onSite(first));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    });

    it('lists the newest templates for an empty query and nothing for a query that matches nothing', async () => {
      const newest = readJsonBlock(await call('search', { query: '' })) as { results: unknown[] };
      expect(newest.results).toHaveLength(20);
      expect(readJsonBlock(await call('search', { query: 'qxqzv' }))).toEqual({ results: [] });
    });

    it('refuses anything but the one string query with invalid_parameter', async () => {
      const result = await call('search', { query: 'launch', tier: 'free' });
      expect(result.isError).toBe(true);
      expect((result._meta?.[ERROR_KEY] as { error: string }).error).toBe('invalid_parameter');
      expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('unknown argument "tier" (search takes query)') });
    });
  });

  describe('fetch', () => {
    it('answers one text block {id, title, text, url, metadata}: the Markdown twin of the public page', async () => {
      const result = await call('fetch', { id: 'neon-countdown-launch' });
      const doc = readJsonBlock(result) as { id: string; title: string; text: string; url: string; metadata: Record<string, unknown> };
      expect(Object.keys(doc)).toEqual(['id', 'title', 'text', 'url', 'metadata']);
      expect(doc.url).toBe(`${SITE}/templates/neon-countdown-launch`);
      expect(doc.id).toMatch(/^tpl-/);
      expect(doc.text).toBe(await (await fetch(onSite(`${doc.url}.md`))).text());
      expect(doc.metadata).toMatchObject({ slug: 'neon-countdown-launch', markdownUrl: `${doc.url}.md`, studioUrl: expect.stringContaining(doc.id) });
      expect(result.structuredContent).toBeUndefined();
    });

    it('fetches what search found, by its id', async () => {
      const { results } = readJsonBlock(await call('search', { query: 'webinar' })) as { results: { id: string; title: string; url: string }[] };
      const doc = readJsonBlock(await call('fetch', { id: results[0]!.id }));
      expect(doc).toMatchObject({ id: results[0]!.id, title: results[0]!.title, url: results[0]!.url });
    });

    it('answers an unknown id with template_not_found naming the nearest templates and the connector tools', async () => {
      const result = await call('fetch', { id: 'neon-countdwn' });
      expect(result.isError).toBe(true);
      expect((result._meta?.[ERROR_KEY] as { error: string }).error).toBe('template_not_found');
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      expect(text).toContain('neon-countdown-launch');
      expect(text).toContain('Call fetch with one of those ids, or search to find others.');
      expect(text).not.toContain('/api/v1');
    });
  });
});
