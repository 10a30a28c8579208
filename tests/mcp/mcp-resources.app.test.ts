import type { Client, Resource } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { ERAS, connectClient } from './connect-client.ts';

const SITE = 'http://localhost:4321';
const MD_TEMPLATE = `${SITE}/templates/{slug}.md`;
const JSON_TEMPLATE = `${SITE}/api/v1/templates/{id}`;
const CATEGORY_TEMPLATE = `${SITE}/categories/{category}.md`;

let server: RunningApp;
beforeAll(async () => {
  server = await startApp();
});
afterAll(async () => {
  await server?.stop();
});

/** The JSON-RPC error of a raw resources/read in one era (the SDK client maps both codes to one error class). */
async function readRaw(uri: string, era: 'modern' | 'legacy'): Promise<{ code: number; data?: unknown }> {
  const modern = era === 'modern';
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const res = await fetch(`${server.url}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': modern ? '2026-07-28' : '2025-11-25', ...(modern && { 'mcp-method': 'resources/read', 'mcp-name': uri }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri, ...(modern && { _meta: meta }) } }),
  });
  return ((await res.json()) as { error: { code: number; data?: unknown } }).error;
}

async function rest(path: string): Promise<Record<string, any>> {
  return (await (await fetch(`${server.url}${path}`)).json()) as Record<string, any>;
}

describe.each(ERAS)('MCP resources, completion and prompts over the %s era', (era) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectClient(server.url, era);
  });
  afterAll(async () => {
    await client?.close();
  });

  describe('resources/templates/list', () => {
    it('offers each template as Markdown and JSON, and categories, at addresses the site serves', async () => {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => [t.uriTemplate, t.mimeType])).toEqual([
        [MD_TEMPLATE, 'text/markdown'],
        [JSON_TEMPLATE, 'application/json'],
        [CATEGORY_TEMPLATE, 'text/markdown'],
        // The files of the agent skills (the Skills extension's template).
        ['skill://{+path}', undefined],
      ]);
    });
  });

  describe('resources/list', () => {
    it('pages with a cursor: 50 per page, the client walking every page', async () => {
      // The first page as the wire carries it (the client aggregates pages when given no cursor).
      const res = await fetch(`${server.url}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/list', params: {} }),
      });
      const first = ((await res.json()) as { result: { resources: Resource[]; nextCursor?: string } }).result;
      expect(first.resources).toHaveLength(50);
      expect(first.nextCursor).toBeTruthy();
      const second = await client.listResources({ cursor: first.nextCursor! });
      expect(second.resources[0]).not.toEqual(first.resources[0]);
      const all = (await client.listResources()).resources;
      expect(all.slice(0, 50)).toEqual(first.resources);
      expect(all.slice(50, 50 + second.resources.length)).toEqual(second.resources);
    });

    it('lists the agent skill, then the categories, then every template once, newest first', async () => {
      const all = (await client.listResources()).resources;
      const list = await rest('/api/v1/templates');
      const categories = all.filter((r) => r.uri.startsWith(`${SITE}/categories/`));
      const templates = all.filter((r) => r.uri.startsWith(`${SITE}/templates/`));
      expect(all[0]).toMatchObject({ uri: 'skill://template-catalog/SKILL.md', mimeType: 'text/markdown' });
      expect(all.slice(1, 1 + categories.length)).toEqual(categories);
      expect(categories.map((r) => r.uri)).toContain(`${SITE}/categories/product-launch.md`);
      expect(templates.map((r) => r.name)).toEqual(list.templates.map((t: { id: string }) => t.id));
      expect(1 + categories.length + templates.length).toBe(all.length);
    });

    it('refuses a cursor it did not give with invalid params', async () => {
      await expect(client.listResources({ cursor: 'bogus' })).rejects.toThrow(/Invalid cursor/);
    });
  });

  describe('resources/read', () => {
    it('reads a template as Markdown by slug and as the REST JSON by id', async () => {
      const md = await client.readResource({ uri: `${SITE}/templates/neon-countdown-launch.md` });
      expect(md.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: expect.stringContaining('# Neon Countdown Launch') });
      const body = await rest('/api/v1/templates/neon-countdown-launch');
      const json = await client.readResource({ uri: `${SITE}/api/v1/templates/${body.template.id}` });
      expect(JSON.parse((json.contents[0] as { text: string }).text)).toEqual(body);
    });

    it('reads a category with its templates', async () => {
      const result = await client.readResource({ uri: `${SITE}/categories/product-launch.md` });
      expect((result.contents[0] as { text: string }).text).toMatch(/^# Product Launch templates/);
    });

    it('answers an unknown template with invalid params naming the nearest resources', async () => {
      await expect(client.readResource({ uri: `${SITE}/templates/neon-countdwn.md` })).rejects.toThrow(/neon-countdown-launch\.md/);
    });

    it('answers an address outside its templates with resource not found', async () => {
      await expect(client.readResource({ uri: 'https://elsewhere.example/x' })).rejects.toThrow(/Resource not found: https:\/\/elsewhere\.example\/x/);
    });

    it(`answers a missing resource with ${era === 'modern' ? '-32602 (2026-07-28)' : '-32002 (the 2025 revisions)'}, the URI in its data`, async () => {
      const uri = `${SITE}/templates/no-such-template.md`;
      const error = await readRaw(uri, era);
      expect(error).toMatchObject({ code: era === 'modern' ? -32602 : -32002, data: { uri } });
      expect(await readRaw('https://elsewhere.example/x', era)).toMatchObject({ code: era === 'modern' ? -32602 : -32002 });
    });
  });

  describe('the gallery (MCP App)', () => {
    it('reads as an HTML document of the MCP Apps type that loads its script and posters from the site only', async () => {
      const { contents } = await client.readResource({ uri: 'ui://template-catalog/gallery.html' });
      const [html] = contents as { uri: string; mimeType: string; text: string; _meta?: Record<string, any> }[];
      expect(html).toMatchObject({ uri: 'ui://template-catalog/gallery.html', mimeType: 'text/html;profile=mcp-app' });
      expect(html!.text).toMatch(/^<!doctype html>/);
      expect(html!._meta?.ui).toEqual({ csp: { resourceDomains: [SITE] }, prefersBorder: true });
      const script = /<script src="([^"]+)">/.exec(html!.text)?.[1];
      expect(script).toBe(`${SITE}/mcp/gallery-app.js`);
      const served = await fetch(`${server.url}/mcp/gallery-app.js`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/javascript/);
    });
  });

  describe('completion/complete', () => {
    it('completes template slugs, those starting with the text first', async () => {
      const { completion } = await client.complete({ ref: { type: 'ref/resource', uri: MD_TEMPLATE }, argument: { name: 'slug', value: 'neon' } });
      expect(completion.values[0]).toMatch(/^neon/);
      expect(completion.values).toContain('neon-countdown-launch');
    });

    it('completes template ids in the order of the search core', async () => {
      const search = await rest('/api/v1/templates?q=countdown&limit=5');
      const { completion } = await client.complete({ ref: { type: 'ref/resource', uri: JSON_TEMPLATE }, argument: { name: 'id', value: 'countdown' } });
      expect(completion.values.slice(0, search.templates.length)).toEqual(search.templates.map((t: { id: string }) => t.id));
    });

    it('completes categories by prefix', async () => {
      const { completion } = await client.complete({ ref: { type: 'ref/resource', uri: CATEGORY_TEMPLATE }, argument: { name: 'category', value: 'prod' } });
      expect(completion.values[0]).toBe('product-launch');
    });

    /** Values that start with `typed` come first: none that starts with it follows one that does not. */
    function expectPrefixFirst(values: readonly string[], typed: string): void {
      const firstOther = values.findIndex((v) => !v.startsWith(typed));
      const starting = values.filter((v) => v.startsWith(typed));
      expect(values.slice(0, starting.length)).toEqual(starting);
      if (firstOther !== -1) expect(firstOther).toBe(starting.length);
    }

    it('ranks categories that start with "pro" and slugs that start with "launch" before the rest', async () => {
      const categories = (await client.complete({ ref: { type: 'ref/resource', uri: CATEGORY_TEMPLATE }, argument: { name: 'category', value: 'pro' } })).completion.values;
      expect(categories[0]).toBe('product-launch');
      expectPrefixFirst(categories, 'pro');
      const slugs = (await client.complete({ ref: { type: 'ref/resource', uri: MD_TEMPLATE }, argument: { name: 'slug', value: 'launch' } })).completion.values;
      expect(slugs.slice(0, 2).sort()).toEqual(['launch-day-split-screen', 'launch-week-daily-drop']);
      expect(slugs.length).toBeGreaterThan(2);
      expectPrefixFirst(slugs, 'launch');
    });

    it('completes every id that starts with the typed text, before search hits', async () => {
      const all = (await rest('/api/v1/templates')).templates as { id: string }[];
      const typed = all[0]!.id.slice(0, -1);
      const { completion } = await client.complete({ ref: { type: 'ref/resource', uri: JSON_TEMPLATE }, argument: { name: 'id', value: typed } });
      const expected = all.map((t) => t.id).filter((id) => id.startsWith(typed));
      expect(completion.values.slice(0, expected.length)).toEqual(expected);
      expectPrefixFirst(completion.values, typed);
    });

    it('completes the prompt format', async () => {
      const { completion } = await client.complete({ ref: { type: 'ref/prompt', name: 'promo_video' }, argument: { name: 'format', value: '9' } });
      expect(completion.values).toEqual(['9:16']);
    });

    it('refuses an unknown resource template', async () => {
      await expect(client.complete({ ref: { type: 'ref/resource', uri: 'x://{y}' }, argument: { name: 'y', value: '' } })).rejects.toThrow(/Unknown resource template/);
    });
  });

  describe('prompts', () => {
    it('lists promo_video with site required and occasion and format optional, and an icon', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(['promo_video']);
      expect(prompts[0]!.arguments).toEqual([
        expect.objectContaining({ name: 'site', required: true }),
        expect.objectContaining({ name: 'occasion', required: false }),
        expect.objectContaining({ name: 'format', required: false }),
      ]);
      expect(prompts[0]!.icons?.[0]?.src).toBe(`${SITE}/mcp/promo-video.svg`);
    });

    it('walks through search, choice and studio link for the site', async () => {
      const result = await client.getPrompt({ name: 'promo_video', arguments: { site: 'acme.com', occasion: 'Black Friday sale', format: '9:16' } });
      const text = (result.messages[0]!.content as { text: string }).text;
      expect(text.indexOf('search_templates')).toBeLessThan(text.indexOf('studio_link'));
      expect(text).toContain('"Black Friday sale"');
      expect(text).toContain('site "acme.com"');
      expect(text).toContain(`${SITE}/requests`);
    });

    it('refuses a missing site with invalid params naming it', async () => {
      await expect(client.getPrompt({ name: 'promo_video', arguments: {} })).rejects.toThrow(/argument "site"/);
    });
  });
});
