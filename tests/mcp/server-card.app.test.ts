import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { readConfig } from '../../src/config/read-config.ts';
import { buildServerCard } from '../../src/contracts/discovery/build-server-card.ts';
import { buildRegistryServer } from '../../src/contracts/discovery/build-registry-server.ts';
import { listPrompts } from '../../src/contracts/mcp/prompts.ts';
import { listResourceTemplates } from '../../src/contracts/mcp/resources.ts';
import { listMcpTools } from '../../src/contracts/mcp/tools.ts';
import { serverCardSchema } from '../../src/contracts/discovery/server-card-schema.ts';
import { listSchemaErrors } from '../discovery/validate-schema.ts';

function expectValidCard(card: unknown): void {
  expect(listSchemaErrors('serverCard', card)).toEqual([]);
}

describe('buildServerCard', () => {
  it.each(['http://localhost:4321', 'https://catalog.acme.com', 'http://127.0.0.1:8080', 'https://tools.mcp.example'])(
    'builds a card for SITE_URL %s that validates against the MCP Server Card v1 schema',
    (siteUrl) => expectValidCard(buildServerCard({ SITE_URL: siteUrl })),
  );

  it('names the server in reverse-DNS form from SITE_URL', () => {
    const card = buildServerCard({ SITE_URL: 'https://catalog.acme.com' });
    expect(card.name).toBe('com.acme.catalog/template-catalog');
    expect(Object.keys(card._meta ?? {})).toEqual(['com.acme.catalog/handshakeProtocolVersions', 'com.acme.catalog/tools', 'com.acme.catalog/resourceTemplates', 'com.acme.catalog/prompts']);
  });

  it('falls back to the localhost namespace where the host cannot be a _meta prefix', () => {
    expect(buildServerCard({ SITE_URL: 'http://127.0.0.1:8080' }).name).toBe('localhost/template-catalog');
    // "mcp" followed by another label is reserved for MCP itself.
    expect(buildServerCard({ SITE_URL: 'https://tools.mcp.example' }).name).toBe('localhost/template-catalog');
  });

  it('names the streamable-HTTP endpoint with the versions server/discover lists, and the 2025 handshake versions apart', () => {
    const card = buildServerCard({ SITE_URL: 'https://catalog.acme.com' });
    expect(card.remotes).toEqual([{ type: 'streamable-http', url: 'https://catalog.acme.com/api/mcp', supportedProtocolVersions: ['2026-07-28'] }]);
    expect(card._meta?.['com.acme.catalog/handshakeProtocolVersions']).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(card.icons).toEqual([{ src: 'https://catalog.acme.com/mcp/server.svg', mimeType: 'image/svg+xml' }]);
  });

  it('lists the resource templates and prompts as the list operations give them', () => {
    const card = buildServerCard({ SITE_URL: 'http://localhost:4321' });
    expect(card._meta?.['localhost/resourceTemplates']).toEqual(listResourceTemplates('http://localhost:4321'));
    expect(card._meta?.['localhost/prompts']).toEqual(listPrompts('http://localhost:4321'));
  });

  it('lists the tools as tools/list gives them under its namespaced _meta key', () => {
    const card = buildServerCard({ SITE_URL: 'http://localhost:4321' });
    const tools = card._meta?.['localhost/tools'] as Record<string, unknown>[];
    const listed = listMcpTools('http://localhost:4321');
    expect(tools.map((t) => t.name)).toEqual(['search_templates', 'get_template', 'studio_link', 'search', 'fetch']);
    tools.forEach((tool, i) => {
      const { name, title, description, annotations, icons, inputSchema, outputSchema } = listed[i]!;
      expect(tool).toEqual({ name, title, description, annotations, icons, inputSchema, outputSchema });
    });
  });
});

describe('serverCardSchema', () => {
  const good = buildServerCard({ SITE_URL: 'http://localhost:4321' });

  it.each([
    ['a name without a namespace', { name: 'template-catalog' }],
    ['a description over 100 characters', { description: 'x'.repeat(101) }],
    ['another $schema', { $schema: 'https://example.com/card.json' }],
    ['a remote that is not http(s)', { remotes: [{ type: 'streamable-http', url: 'ftp://x/api/mcp' }] }],
  ])('rejects %s, as the reference schema does', (_why, change) => {
    const bad = { ...good, ...change };
    expect(serverCardSchema.safeParse(bad).success).toBe(false);
    expect(listSchemaErrors('serverCard', bad)).not.toEqual([]);
  });

  it('rejects a _meta key with a malformed prefix', () => {
    expect(serverCardSchema.safeParse({ ...good, _meta: { '-bad/tools': [] } }).success).toBe(false);
  });
});

describe('/.well-known/mcp/manifest.json', () => {
  it('is prerendered as the card of the build configuration', () => {
    const file = join(inject('distDir'), 'client/.well-known/mcp/manifest.json');
    const card = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    expectValidCard(card);
    expect(card).toEqual(buildServerCard(readConfig({ SITE_URL: 'http://localhost:4321' })));
  });
});

describe('discovery documents', () => {
  const config = readConfig({ SITE_URL: 'https://catalog.acme.com' });

  it('gives the registry server.json the card name, version and remote', () => {
    const card = buildServerCard(config);
    const server = buildRegistryServer(config);
    expect(server).toMatchObject({ name: card.name, version: card.version, description: card.description });
    expect(server.remotes).toEqual([{ type: 'streamable-http', url: 'https://catalog.acme.com/api/mcp' }]);
    expect(server.$schema).toMatch(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/);
  });

  it.each([
    ['mcp/server.json', () => buildRegistryServer(readConfig({ SITE_URL: 'http://localhost:4321' }))],
  ])('prerenders /%s for the build configuration', (path, build) => {
    const file = join(inject('distDir'), 'client', path);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(build());
  });
});
