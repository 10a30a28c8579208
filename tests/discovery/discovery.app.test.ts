import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { listSchemaErrors } from './validate-schema.ts';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ MCP_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  await app?.stop();
});

/** The app's answer for an address of the build's site (SITE_URL http://localhost:4321). */
const get = (url: string, headers: Record<string, string> = {}) => fetch(`${app.url}${new URL(url, 'http://localhost:4321').pathname}`, { headers, redirect: 'manual' });

describe('/.well-known/ard.json', () => {
  it('is served as application/ai-catalog+json and valid against the published schema', async () => {
    const res = await get('/.well-known/ard.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ai-catalog+json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(listSchemaErrors('aiCatalog', await res.json())).toEqual([]);
  });

  it('is the same document at the legacy /.well-known/ai-catalog.json, for readers that still fetch it', async () => {
    const [ard, legacy] = await Promise.all([get('/.well-known/ard.json'), get('/.well-known/ai-catalog.json')]);
    expect(legacy.headers.get('content-type')).toBe('application/ai-catalog+json');
    expect(await legacy.text()).toBe(await ard.text());
    expect(legacy.headers.get('etag')).toBe(ard.headers.get('etag'));
  });

  it('is named by every page (a Link header and a <link> with rel="ard"), and not in robots.txt, whose directives Lighthouse checks', async () => {
    expect(await (await get('/robots.txt')).text()).not.toMatch(/Agentmap/i);
    const page = await get('/');
    expect(page.headers.get('link')).toContain('<http://localhost:4321/.well-known/ard.json>; rel="ard"');
    expect(await page.text()).toContain('<link rel="ard" type="application/ai-catalog+json" href="http://localhost:4321/.well-known/ard.json">');
  });

  it('points at documents the site serves with the type each entry declares, or its generic +json form', async () => {
    const { entries } = (await (await get('/.well-known/ard.json')).json()) as { entries: { type: string; url: string }[] };
    for (const { type, url } of entries) {
      const res = await get(url, { Accept: type });
      expect(res.status, url).toBe(200);
      const declared = type.split(';')[0]!;
      const accepted = declared.endsWith('+json') ? [declared, 'application/json'] : [declared];
      expect(accepted, url).toContain(res.headers.get('content-type')!.split(';')[0]);
    }
  });

  it('is where /.well-known/mcp/catalog.json (the superseded draft) now sends clients', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${app.url}/.well-known/mcp/catalog.json`, { method, redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/.well-known/ard.json');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const followed = await fetch(`${app.url}/.well-known/mcp/catalog.json`);
    expect(followed.url).toBe(`${app.url}/.well-known/ard.json`);
    expect(((await followed.json()) as { specVersion: string }).specVersion).toBe('1.0');
  });
});

describe('the MCP server card', () => {
  const ADDRESSES = ['/.well-known/mcp/manifest.json', '/.well-known/mcp/server-card.json', '/api/mcp/server-card'];

  it.each(['identity', 'gzip', 'br'])('has the same bytes and ETag at every address (%s)', async (encoding) => {
    const answers = await Promise.all(ADDRESSES.map(async (path) => {
      const res = await get(path, { 'Accept-Encoding': encoding });
      expect(res.status, path).toBe(200);
      return { etag: res.headers.get('etag'), body: await res.text() };
    }));
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(listSchemaErrors('serverCard', JSON.parse(answers[0]!.body))).toEqual([]);
  });

  it('answers 304 at every address to the ETag of any of them', async () => {
    const etag = (await get(ADDRESSES[0]!)).headers.get('etag')!;
    for (const path of ADDRESSES) {
      const res = await get(path, { 'If-None-Match': etag });
      expect(res.status, path).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
    }
  });

  it('is typed application/mcp-server-card+json where the draft and scanners look for it', async () => {
    for (const path of ['/.well-known/mcp/server-card.json', '/api/mcp/server-card']) {
      expect((await get(path)).headers.get('content-type')).toBe('application/mcp-server-card+json');
    }
  });

  it('lists the search and fetch tools', async () => {
    const card = (await (await get('/api/mcp/server-card')).json()) as { _meta: Record<string, { name: string }[]> };
    expect(card._meta['localhost/tools']!.map((t) => t.name)).toEqual(['search_templates', 'get_template', 'studio_link', 'search', 'fetch']);
  });
});

describe('/.well-known/agent-skills', () => {
  it('indexes SKILL.md files whose served bytes have the stated digest', async () => {
    const res = await get('/.well-known/agent-skills/index.json');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { skills } = (await res.json()) as { skills: { name: string; url: string; digest: string; description: string }[] };
    expect(skills.length).toBeGreaterThan(0);
    for (const skill of skills) {
      for (const encoding of ['identity', 'br']) {
        const file = await get(skill.url, { 'Accept-Encoding': encoding });
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toMatch(/^text\/markdown/);
        const bytes = Buffer.from(await file.arrayBuffer());
        expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(skill.digest);
      }
    }
  });
});

describe('/mcp/server.json', () => {
  it('is valid against the MCP registry schema it names', async () => {
    const server = (await (await get('/mcp/server.json')).json()) as { $schema: string };
    expect(server.$schema).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
    expect(listSchemaErrors('registryServer', server)).toEqual([]);
  });
});
