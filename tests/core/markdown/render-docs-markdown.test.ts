import { describe, expect, it } from 'vitest';
import { errorCodeSchema } from '../../../src/schemas/responses.ts';
import { buildMcpDocs, listMcpClientSnippets } from '../../../src/contracts/mcp/build-mcp-docs.ts';
import { renderDocsMarkdown } from '../../../src/core/markdown/render-docs-markdown.ts';
import { listPublishedFiles } from '../../../src/contracts/published/build-docs-input.ts';
import { listQuerySchema } from '../../../src/schemas/queries.ts';

const SITE = 'https://catalog.example.org';
const input = { siteUrl: SITE, exampleSlug: 'neon-countdown-launch', mcp: buildMcpDocs(SITE), files: listPublishedFiles(SITE) };
const md = renderDocsMarkdown(input);

describe('renderDocsMarkdown', () => {
  it('documents the three REST endpoints with curl examples on this site', () => {
    expect(md).toContain('### GET `/api/v1/templates`\n');
    expect(md).toContain('### GET `/api/v1/templates/{id}`\n');
    expect(md).toContain('### GET `/api/v1/studio-link`\n');
    expect(md).toContain("curl 'https://catalog.example.org/api/v1/templates?q=countdown&tier=free&limit=5'");
    expect(md).toContain("curl 'https://catalog.example.org/api/v1/templates/neon-countdown-launch'");
  });

  it('names every parameter of the list operation with the meaning its schema describes', () => {
    for (const [name, field] of Object.entries(listQuerySchema.shape)) {
      expect(field.description).toBeTruthy();
      expect(md).toMatch(new RegExp(`^\\| \`${name}\` \\| [^|]* \\| ${field.description!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|$`, 'm'));
    }
  });

  it('lists every error code with its status', () => {
    for (const code of errorCodeSchema.options) expect(md).toMatch(new RegExp(`\\| \`${code}\` \\| \\d{3} \\|`));
    expect(md).toContain('| `rate_limited` | 429 |');
  });

  it('gives the rate limits as defaults and names the header that states the live one', () => {
    expect(md).toContain('By default, 120 requests per minute per IP address for REST and 60 for MCP');
    expect(md).toContain('These are defaults');
    expect(md).toContain('The `RateLimit-Policy` header of every API answer states the limit in force');
  });

  it('states the MCP body and page limits from their definitions', () => {
    expect(md).toContain('MCP request bodies: up to 1 MiB');
    expect(md).toContain('Search pages: up to 100 templates');
  });

  it('lists the connector tools and the discovery documents', () => {
    expect(md).toContain('| `search` | query | `GET /api/v1/templates` |');
    expect(md).toContain('| `fetch` | id | `GET /api/v1/templates/{id}` |');
    for (const path of ['/.well-known/ard.json', '/.well-known/mcp/server-card.json', '/.well-known/agent-skills/index.json', '/robots.txt']) expect(md).toContain(`${SITE}${path}`);
  });

  it('shows how to connect Claude Code, Claude Desktop, VS Code and Cursor to /api/mcp', () => {
    expect(md).toContain('claude mcp add --transport http template-catalog https://catalog.example.org/api/mcp');
    expect(md).toContain('.vscode/mcp.json');
    expect(md).toContain('### Cursor');
    expect(md).toContain('### Claude Desktop');
  });

  it('says what 2026-07-28 and 2025-era clients get, and lists tools, resources and prompts', () => {
    expect(md).toContain('2026-07-28 clients: no handshake; `server/discover`');
    expect(md).toContain('2025-era clients (2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05): the `initialize` handshake');
    const args = Object.keys(listQuerySchema.shape).map((k) => ({ q: 'query', limit: 'limit (default 10)' })[k] ?? k);
    expect(md).toContain(`| \`search_templates\` | ${args.join(', ')} | \`GET /api/v1/templates\` |`);
    expect(md).toContain('https://catalog.example.org/templates/{slug}.md');
    expect(md).toContain('`promo_video`');
  });
});

describe('listMcpClientSnippets', () => {
  it('gives JSON configurations that parse and point at the MCP address', () => {
    for (const snippet of listMcpClientSnippets('https://catalog.example.org').filter((s) => s.language === 'json')) {
      expect(JSON.stringify(JSON.parse(snippet.code))).toContain('https://catalog.example.org/api/mcp');
    }
  });
});
