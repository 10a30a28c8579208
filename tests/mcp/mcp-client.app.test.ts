import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { listQuerySchema } from '../../src/schemas/queries.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { ERAS, connectClient } from './connect-client.ts';

// The default SITE_URL (http://localhost:4321) reversed: the namespace of the result's _meta keys.
const ERROR_KEY = 'localhost/error';
const SITE = 'http://localhost:4321';
// search_templates' arguments: the list query's parameters in its order, q called query.
const LIST_ARGUMENTS = Object.keys(listQuerySchema.shape).map((k) => (k === 'q' ? 'query' : k));

let server: RunningApp;
beforeAll(async () => {
  server = await startApp();
});
afterAll(async () => {
  await server?.stop();
});

async function rest(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A REST list as search_templates structures it: counts and facets, then one card per template. */
function toCards(body: Record<string, any>): Record<string, unknown> {
  const { apiVersion: _v, templates, understood, ...rest } = body;
  return {
    ...rest,
    ...(understood && { understood: { summary: understood.summary, words: understood.words } }),
    templates: (templates as Record<string, any>[]).map((t) => ({
      id: t.id, title: t.title, category: t.category, tier: t.tier, priceCents: t.priceCents, durationSeconds: t.durationSeconds, formats: t.formats, url: t.url, image: `${SITE}/posters/${t.slug}.png`,
      ...(t.matched && { matched: t.matched }),
    })),
  };
}

const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const errorOf = (result: CallToolResult) => result._meta?.[ERROR_KEY] as { error: string; message: string } | undefined;

describe.each(ERAS)('MCP over the %s protocol era', (era) => {
let client: Client;
beforeAll(async () => {
  client = await connectClient(server.url, era);
});
afterAll(async () => {
  await client?.close();
});
const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

describe(era === 'modern' ? 'server/discover' : 'initialize', () => {
  it('negotiates the era and the newest version of it', () => {
    expect(client.getProtocolEra()).toBe(era);
    expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
  });

  it('names the server and version of package.json, with an icon the site serves', async () => {
    const info = client.getServerVersion();
    expect(info).toMatchObject({ name: pkg.name, version: pkg.version, icons: [{ src: `${SITE}/mcp/server.svg`, mimeType: 'image/svg+xml' }] });
    const icon = await fetch(`${server.url}/mcp/server.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('gives instructions with the flow, the studio account, custom work and the limits', () => {
    const instructions = client.getInstructions() ?? '';
    expect(instructions.indexOf('search_templates')).toBeLessThan(instructions.indexOf('get_template'));
    expect(instructions.indexOf('get_template')).toBeLessThan(instructions.indexOf('studio_link'));
    expect(instructions).toMatch(/cannot make, render, edit or export videos/);
    expect(instructions).toMatch(/their own studio account/);
    expect(instructions).toContain(`${SITE}/requests`);
    expect(instructions).toMatch(/60 requests per minute/);
  });

  it('offers tools, resources, prompts, completion the MCP Apps and skills extensions, none of them changing', () => {
    expect(client.getServerCapabilities()).toEqual({
      tools: { listChanged: false },
      resources: { subscribe: false, listChanged: false },
      prompts: { listChanged: false },
      completions: {},
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] }, 'io.modelcontextprotocol/skills': {} },
    });
  });
});

describe('MCP tools/list', () => {
  let tools: Tool[];
  beforeAll(async () => {
    tools = (await client.listTools()).tools;
  });

  it('lists search_templates, get_template and studio_link, then the connector pair, with titles and read-only annotations', () => {
    expect(tools.map((t) => t.name)).toEqual(['search_templates', 'get_template', 'studio_link', 'search', 'fetch']);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
      // Each says when to call it by naming the tool before or after it.
      expect(tools.some((other) => other !== tool && tool.description?.includes(other.name))).toBe(true);
    }
    expect(tools[0]!.description).toMatch(/cannot make, render, edit or export videos/);
    expect(tools[2]!.description).toMatch(/cannot make, render or export the video/);
  });

  it('fits in 8 KB, about 2,000 tokens of an agent\'s context', () => {
    expect(JSON.stringify({ tools }).length).toBeLessThanOrEqual(8 * 1024);
  });

  it('links search_templates and get_template to the gallery App, the others to nothing', () => {
    expect(tools.map((t) => (t._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri)).toEqual([
      'ui://template-catalog/gallery.html',
      'ui://template-catalog/gallery.html',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('gives each tool an SVG icon that the site serves', async () => {
    for (const tool of tools) {
      const src = tool.icons?.[0]?.src ?? '';
      expect(src).toMatch(new RegExp(`^${SITE}/mcp/[a-z-]+\\.svg$`));
      const res = await fetch(`${server.url}${new URL(src).pathname}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^<svg /);
    }
  });

  it('describes search_templates input with query (not q) and a default limit of 10 up to 100', () => {
    const input = tools[0]!.inputSchema as { properties: Record<string, Record<string, unknown>> };
    expect(Object.keys(input.properties)).toEqual(LIST_ARGUMENTS);
    expect(input.properties.limit).toMatchObject({ type: 'integer', default: 10, minimum: 1, maximum: 100 });
    expect(input.properties.tier).toMatchObject({ enum: ['free', 'premium'] });
  });

  it('requires id for get_template and template for studio_link', () => {
    expect(tools[1]!.inputSchema.required).toEqual(['id']);
    expect(tools[2]!.inputSchema.required).toEqual(['template']);
    expect(Object.keys(tools[2]!.inputSchema.properties ?? {})).toEqual(['template', 'site', 'format']);
  });

  it('gives the catalog tools an output schema (JSON Schema 2020-12, shared parts in $defs) and the text-only connectors none', () => {
    const required = tools.map((t) => t.outputSchema?.required);
    expect(required).toEqual([['count', 'templates'], ['apiVersion', 'template'], ['apiVersion', 'url', 'template'], undefined, undefined]);
    expect(tools[0]!.outputSchema).toMatchObject({ properties: { templates: { items: { $ref: '#/$defs/TemplateCard' } } }, $defs: { TemplateCard: { type: 'object' } } });
    expect(tools.some((t) => '$schema' in t.inputSchema || (t.outputSchema && '$schema' in t.outputSchema))).toBe(false);
  });

  it('sends people to the requests page for custom work', () => {
    expect(tools[2]!.description).toContain('http://localhost:4321/requests');
  });
});

describe('search_templates', () => {
  it('answers the matches GET /api/v1/templates answers, 10 by default, each as a card with its poster', async () => {
    const result = await call('search_templates', { query: 'launch' });
    const { body } = await rest('/api/v1/templates?q=launch&limit=10');
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(toCards(body));
    expect(result.structuredContent).toMatchObject({ count: 10, limit: 10 });
  });

  it('applies filters and paging like the REST list', async () => {
    const result = await call('search_templates', { tier: 'premium', format: '9:16', limit: 3, offset: 2 });
    const { body } = await rest('/api/v1/templates?tier=premium&format=9%3A16&limit=3&offset=2');
    expect(result.structuredContent).toEqual(toCards(body));
  });

  it('answers a default search in 8 KB, text, cards and no resource links (a host may then hold the result back from the App)', async () => {
    const result = await call('search_templates', {});
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(8 * 1024);
    expect(result.content.map((c) => c.type)).toEqual(['text']);
  });

  it('says in 8 KB why each template is there and which words none mentions: "halloween sale"', async () => {
    const result = await call('search_templates', { query: 'halloween sale' });
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(8 * 1024);
    const answer = result.structuredContent as { unmatched: string[]; templates: { matched: { word: string; how: string }[] }[] };
    expect(answer.unmatched).toEqual(['halloween']);
    expect(answer.templates[0]!.matched).toContainEqual({ word: 'sale', how: 'word', term: 'sale' });
    expect(textOf(result)).toContain('No template mentions halloween; showing templates about sale.');
  });

  it('sorts by price when asked in words or by sort, and says so', async () => {
    const result = await call('search_templates', { query: 'cheap launch' });
    const prices = (result.structuredContent as { templates: { priceCents: number }[] }).templates.map((t) => t.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(textOf(result)).toContain('Sorted by price, free first (from "cheap").');
    expect((await call('search_templates', { query: 'launch', sort: 'duration' })).structuredContent).toMatchObject({ sort: 'duration' });
    expect((await call('search_templates', { query: 'launch', sort: 'popular' })).isError).toBe(true);
  });

  it('writes one line per template with its page, id, format, price and duration, then the next step', async () => {
    const result = await call('search_templates', { query: 'countdown', limit: 3 });
    const templates = (result.structuredContent as { templates: { url: string; id: string; formats: string[] }[] }).templates;
    expect(templates.length).toBeGreaterThan(0);
    for (const t of templates) {
      const line = textOf(result).split('\n').find((l) => l.includes(`\`${t.id}\``)) ?? '';
      expect(line).toContain(`(${t.url})`);
      expect(line).toContain(t.formats.join(', '));
      expect(line).toMatch(/(Free|\$\d+ per export) · \d+ s/);
    }
    expect(textOf(result)).toMatch(/Next: get_template .* studio_link/);
  });

  it('says when nothing matched and suggests broader searches and categories', async () => {
    const result = await call('search_templates', { query: 'qxq', tier: 'free' });
    expect(result.structuredContent).toMatchObject({ count: 0, total: 0, templates: [] });
    expect(textOf(result)).toMatch(/^No templates match/);
    expect(textOf(result)).toMatch(/broader words/);
    expect(textOf(result)).toMatch(/drop a filter/);
    expect(textOf(result)).toContain('`product-launch`');
  });

  it('refuses a tier outside free and premium with invalid_parameter naming the argument and rule', async () => {
    const result = await call('search_templates', { tier: 'gold' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(errorOf(result)?.error).toBe('invalid_parameter');
    expect(textOf(result)).toContain('Error invalid_parameter');
    expect(textOf(result)).toContain('argument "tier": must be one of "free", "premium"');
  });

  it('names an unknown argument and the ones it takes', async () => {
    const result = await call('search_templates', { q: 'launch' });
    expect(errorOf(result)?.error).toBe('invalid_parameter');
    expect(textOf(result)).toContain(`unknown argument "q" (search_templates takes ${LIST_ARGUMENTS.join(', ')})`);
  });

  it('refuses a limit over 100', async () => {
    const result = await call('search_templates', { limit: 101 });
    expect(textOf(result)).toContain('argument "limit": must be at most 100');
  });
});

describe('get_template', () => {
  it('answers what GET /api/v1/templates/{id} answers, by id and by slug', async () => {
    const { body } = await rest('/api/v1/templates/neon-countdown-launch');
    const id = (body.template as { id: string }).id;
    expect((await call('get_template', { id })).structuredContent).toEqual(body);
    expect((await call('get_template', { id: 'neon-countdown-launch' })).structuredContent).toEqual(body);
  });

  it('writes the template as Markdown with its page, twin and PNG poster', async () => {
    const result = await call('get_template', { id: 'neon-countdown-launch' });
    expect(textOf(result)).toContain('# Neon Countdown Launch');
    expect(textOf(result)).toContain('http://localhost:4321/templates/neon-countdown-launch.md');
    expect(textOf(result)).toContain('![Poster: Neon Countdown Launch](http://localhost:4321/posters/neon-countdown-launch.png)');
    expect(textOf(result)).toContain('studio_link');
  });

  it('answers an unknown id with template_not_found naming the nearest templates and the tools to call, not a REST path', async () => {
    const result = await call('get_template', { id: 'neon-countdwn' });
    const { status, body } = await rest('/api/v1/templates/neon-countdwn');
    expect(status).toBe(404);
    expect(result.isError).toBe(true);
    expect(errorOf(result)?.error).toBe(body.error);
    expect(textOf(result)).toContain('neon-countdown-launch');
    expect(textOf(result)).toContain('Call get_template with one of those ids, or search_templates to find others.');
    expect(textOf(result)).not.toContain('/api/v1');
  });

  it('offers the templates whose ids come closest to an id that matches nothing', async () => {
    const result = await call('get_template', { id: 'tpl-99999' });
    expect(textOf(result)).toMatch(/Nearest: tpl-\d+ \([a-z0-9-]+\), tpl-\d+/);
    expect(textOf(result)).not.toContain('/api/v1');
  });

  it('needs an id', async () => {
    const result = await call('get_template', {});
    expect(errorOf(result)?.error).toBe('invalid_parameter');
    expect(textOf(result)).toContain('argument "id"');
  });
});

describe('studio_link', () => {
  it('answers what GET /api/v1/studio-link answers', async () => {
    const args = { template: 'neon-countdown-launch', site: 'https://www.Acme.com/pricing', format: '9:16' };
    const result = await call('studio_link', args);
    const { body } = await rest(`/api/v1/studio-link?${new URLSearchParams(args)}`);
    expect(result.structuredContent).toEqual(body);
    expect(body).toMatchObject({ site: 'www.acme.com' });
    expect(textOf(result)).toContain(body.url as string);
    expect(textOf(result)).toMatch(/with their own account/);
  });

  it('gives null for site when none was given', async () => {
    const result = await call('studio_link', { template: 'neon-countdown-launch' });
    expect(result.structuredContent).toMatchObject({ site: null });
  });

  it('answers a site that is not a domain with invalid_site saying what is valid, as REST does', async () => {
    const result = await call('studio_link', { template: 'neon-countdown-launch', site: 'localhost' });
    const { status, body } = await rest('/api/v1/studio-link?template=neon-countdown-launch&site=localhost');
    expect(status).toBe(400);
    expect(result.isError).toBe(true);
    // The same Error body; the REST one also names its HTTP answer's request id.
    expect(errorOf(result)).toEqual({ ...body, requestId: undefined });
    expect(textOf(result)).toContain('such as acme.com');
  });

  it('answers an unknown template with template_not_found', async () => {
    const result = await call('studio_link', { template: 'no-such-template' });
    expect(errorOf(result)?.error).toBe('template_not_found');
  });
});

describe('tools/call', () => {
  it('answers an unknown tool with a JSON-RPC error listing the tools', async () => {
    await expect(client.callTool({ name: 'make_video', arguments: {} })).rejects.toThrow(/Unknown tool "make_video".*search_templates/);
  });
});
});
