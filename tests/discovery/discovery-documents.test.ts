import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
// Lighthouse's port of the ARD conformance suite (what its ard-schema audit runs).
import { ConformanceTester } from 'lighthouse/third-party/ard/ard.js';
import { buildAiCatalog } from '../../src/contracts/discovery/build-ai-catalog.ts';
import { buildRegistryServer } from '../../src/contracts/discovery/build-registry-server.ts';
import { buildServerCard, renderServerCard } from '../../src/contracts/discovery/build-server-card.ts';
import { AGENT_SKILLS, buildSkillsIndex, renderSkillFile } from '../../src/contracts/published/build-agent-skills.ts';
import { buildDocsInput } from '../../src/contracts/published/build-docs-input.ts';
import { loadSampleCatalog } from '../helpers/sample-catalog.ts';
import { listSchemaErrors } from './validate-schema.ts';

const SITES = ['http://localhost:4321', 'https://catalog.acme.com', 'http://127.0.0.1:8080'];
const builtAt = new Date('2026-11-20T10:00:00.123Z');

describe('buildAiCatalog', () => {
  it.each(SITES)('builds an AI Catalog for %s that the published ARD schema accepts', (site) => {
    expect(listSchemaErrors('aiCatalog', buildAiCatalog({ SITE_URL: site }, builtAt))).toEqual([]);
  });

  it('is specVersion 1.0 with publisher-anchored urn:air identifiers, one per entry', () => {
    const catalog = buildAiCatalog({ SITE_URL: 'https://catalog.acme.com' }, builtAt);
    expect(catalog.specVersion).toBe('1.0');
    const ids = catalog.entries.map((e) => e.identifier);
    for (const id of ids) expect(id).toMatch(/^urn:air:catalog\.acme\.com:[a-z]+:template-catalog$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists the MCP server card and the agent skill by their ARD media types, each with 2 to 5 representative queries', () => {
    const catalog = buildAiCatalog({ SITE_URL: 'https://catalog.acme.com' }, builtAt);
    expect(catalog.entries.map((e) => [e.type, e.url])).toEqual([
      ['application/mcp-server-card+json', 'https://catalog.acme.com/api/mcp/server-card'],
      ['text/markdown; profile="urn:air:agent-skills"', 'https://catalog.acme.com/.well-known/agent-skills/template-catalog/SKILL.md'],
    ]);
    expect(catalog.entries[0]!.capabilities).toEqual(['search_templates', 'get_template', 'studio_link', 'search', 'fetch']);
    for (const e of catalog.entries) {
      expect(e.updatedAt).toBe('2026-11-20T10:00:00Z');
      expect(e.representativeQueries.length).toBeGreaterThanOrEqual(2);
      expect(e.representativeQueries.length).toBeLessThanOrEqual(5);
    }
  });

  it.each(SITES)('passes the ARD conformance checks Lighthouse runs, without an error or a warning, for %s', (site) => {
    const tester = new ConformanceTester();
    tester.validate_manifest(JSON.stringify(buildAiCatalog({ SITE_URL: site }, builtAt)), 'ard.json');
    expect([...tester.errors, ...tester.warnings]).toEqual([]);
  });

  it('is refused by the published schema with a malformed identifier (the check can fail)', () => {
    const catalog = buildAiCatalog({ SITE_URL: 'https://catalog.acme.com' }, builtAt);
    const bad = { ...catalog, entries: [{ ...catalog.entries[0]!, identifier: 'template-catalog' }] };
    expect(listSchemaErrors('aiCatalog', bad).join('\n')).toContain('/entries/0/identifier');
  });
});

describe('renderServerCard', () => {
  it.each(SITES)('is the server card of %s, valid against the MCP Server Card v1 schema', (site) => {
    const card = JSON.parse(renderServerCard({ SITE_URL: site })) as unknown;
    expect(card).toEqual(buildServerCard({ SITE_URL: site }));
    expect(listSchemaErrors('serverCard', card)).toEqual([]);
  });
});

describe('buildRegistryServer', () => {
  it.each(['https://catalog.acme.com', 'https://templates.example.org'])('builds a server.json for %s that the MCP registry schema accepts', (site) => {
    expect(listSchemaErrors('registryServer', buildRegistryServer({ SITE_URL: site }))).toEqual([]);
  });
});

describe('buildSkillsIndex', () => {
  const input = buildDocsInput('https://catalog.acme.com', loadSampleCatalog());
  let index: Awaited<ReturnType<typeof buildSkillsIndex>>;
  beforeAll(async () => {
    index = await buildSkillsIndex(input);
  });

  it('names each skill with a valid name, its description, its SKILL.md address and the sha256 of those bytes', () => {
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills.length).toBeGreaterThan(0);
    index.skills.forEach((entry, i) => {
      const skill = AGENT_SKILLS[i]!;
      expect(entry.name).toMatch(/^[a-z0-9](?:[a-z0-9]|-(?!-)){0,62}[a-z0-9]$/);
      expect(entry.type).toBe('skill-md');
      expect(entry.description.length).toBeLessThanOrEqual(1024);
      expect(entry.url).toBe(`https://catalog.acme.com/.well-known/agent-skills/${entry.name}/SKILL.md`);
      const bytes = renderSkillFile(skill, input);
      expect(entry.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    });
  });

  it('writes SKILL.md with YAML front matter whose name and description are the index entry', () => {
    for (const entry of index.skills) {
      const text = renderSkillFile(AGENT_SKILLS.find((s) => s.name === entry.name)!, input);
      const [, front, body] = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text)!;
      expect(parseYaml(front!)).toEqual({ name: entry.name, description: entry.description });
      expect(body).toMatch(/^# /);
    }
  });

  it('teaches the REST and MCP ways to find a template and build a studio link, from the guide definitions', () => {
    const text = renderSkillFile(AGENT_SKILLS[0]!, input);
    for (const tool of ['search_templates', 'get_template', 'studio_link']) expect(text).toContain(`\`${tool}\``);
    for (const path of ['/api/v1/templates', '/api/v1/templates/{id}', '/api/v1/studio-link']) expect(text).toContain(`### GET ${path}`);
    expect(text).toContain(`curl 'https://catalog.acme.com/api/v1/studio-link?template=${input.exampleSlug}&site=acme.com&format=9:16'`);
    expect(text).toContain('https://catalog.acme.com/api/mcp');
    expect(text).toContain('RateLimit-Policy');
  });
});
