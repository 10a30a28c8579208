import { describe, expect, it } from 'vitest';
import { errorCodeSchema } from '../../../src/schemas/responses.ts';
import { buildMcpDocs, listMcpClientSnippets } from '../../../src/contracts/mcp/build-mcp-docs.ts';
import { renderDocsMarkdown } from '../../../src/core/markdown/render-docs-markdown.ts';

const input = { siteUrl: 'https://catalog.example.org', restRateLimit: 120, mcpRateLimit: 60, exampleSlug: 'neon-countdown-launch', mcp: buildMcpDocs('https://catalog.example.org') };
const md = renderDocsMarkdown(input);

describe('renderDocsMarkdown', () => {
  it('documents the three REST endpoints with curl examples on this site', () => {
    expect(md).toContain('### GET /api/v1/templates\n');
    expect(md).toContain('### GET /api/v1/templates/{id}\n');
    expect(md).toContain('### GET /api/v1/studio-link\n');
    expect(md).toContain("curl 'https://catalog.example.org/api/v1/templates?q=countdown&tier=free&limit=5'");
    expect(md).toContain("curl 'https://catalog.example.org/api/v1/templates/neon-countdown-launch'");
  });

  it('names every parameter of the list operation', () => {
    for (const name of ['q', 'category', 'tier', 'format', 'limit', 'offset']) expect(md).toContain(`- \`${name}\` (`);
  });

  it('lists every error code with its status', () => {
    for (const code of errorCodeSchema.options) expect(md).toMatch(new RegExp(`\\| \`${code}\` \\| \\d{3} \\|`));
    expect(md).toContain('| `rate_limited` | 429 |');
  });

  it('states the rate limits it is given', () => {
    expect(md).toContain('REST: 120 requests per minute per IP address.');
    expect(md).toContain('MCP: 60 requests per minute per IP address.');
    expect(renderDocsMarkdown({ ...input, restRateLimit: 500 })).toContain('REST: 500 requests per minute');
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
    expect(md).toContain('`search_templates` (query, category, tier, format, limit (default 10), offset): mirrors GET /api/v1/templates');
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
