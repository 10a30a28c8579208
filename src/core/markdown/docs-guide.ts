import { describeRateLimits, listDocsEndpoints, listErrorCodes, type DocsInput } from './docs-content.ts';

/*
 * The API and MCP guide as one document of blocks: /docs renders it as HTML and /docs.md as
 * Markdown, so the two cannot say different things. Inline text marks code with backticks;
 * absolute addresses of the site become links on the HTML page.
 */

/** One piece of a section. */
export type DocsBlock =
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'table'; caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }
  | { kind: 'code'; language: string; label: string; code: string }
  | { kind: 'heading'; id: string; text: string };

/** A top-level section (an H2 with an id for the table of contents). */
export interface DocsSection {
  id: string;
  title: string;
  blocks: readonly DocsBlock[];
}

/** The whole guide. */
export interface DocsGuide {
  title: string;
  lead: string;
  sections: readonly DocsSection[];
}

const slug = (text: string) => text.replace(/\W+/g, '-').replace(/^-|-$/g, '').toLowerCase();

function restSection(input: DocsInput): DocsSection {
  const endpoints = listDocsEndpoints(input.siteUrl, input.exampleSlug).flatMap((e): DocsBlock[] => [
    { kind: 'heading', id: `ep-${slug(e.path)}`, text: `GET \`${e.path}\`` },
    { kind: 'text', text: e.summary },
    { kind: 'table', caption: `Parameters of ${e.path}`, head: ['Parameter', 'Rule', 'Meaning'], rows: e.params.map((p) => [`\`${p.name}\``, p.rule, p.meaning]) },
    { kind: 'text', text: `Answers: ${e.answers}` },
    { kind: 'code', language: 'sh', label: `Example request to ${e.path}`, code: e.curl },
  ]);
  return {
    id: 'rest',
    title: 'REST API',
    blocks: [
      { kind: 'text', text: `Base address ${input.siteUrl}/api/v1. Every endpoint is \`GET\` and answers JSON; errors are JSON too, shaped \`{"error": "<code>", "message": "…"}\`. The full description is ${input.siteUrl}/openapi.json.` },
      ...endpoints,
    ],
  };
}

function mcpSection(input: DocsInput): DocsSection {
  const { mcp } = input;
  const clients = mcp.clients.flatMap((c): DocsBlock[] => [
    { kind: 'heading', id: `client-${slug(c.client)}`, text: c.client },
    { kind: 'text', text: `${c.where[0]?.toUpperCase()}${c.where.slice(1)}:` },
    { kind: 'code', language: c.language, label: `${c.client} configuration`, code: c.code },
  ]);
  return {
    id: 'mcp',
    title: 'MCP server',
    blocks: [
      { kind: 'text', text: `Address ${input.siteUrl}/api/mcp: streamable HTTP, JSON-RPC 2.0 over \`POST\`, stateless, JSON answers, no authentication.` },
      { kind: 'table', caption: 'MCP tools', head: ['Tool', 'Arguments', 'Mirrors'], rows: mcp.tools.map((t) => [`\`${t.name}\``, t.input, `\`${t.mirrors}\``]) },
      { kind: 'list', items: mcp.extras },
      { kind: 'heading', id: 'mcp-versions', text: 'Protocol versions' },
      { kind: 'list', items: mcp.eras },
      ...clients,
      { kind: 'heading', id: 'mcp-curl', text: 'Without a client' },
      { kind: 'code', language: 'sh', label: 'A raw MCP call with curl', code: mcp.curl },
    ],
  };
}

/** The guide, from the facts the pages gather once. */
export function buildDocsGuide(input: DocsInput): DocsGuide {
  const errors = listErrorCodes().map((e) => [`\`${e.code}\``, String(e.status), e.when]);
  return {
    title: 'API and MCP guide',
    lead: 'Read the public template catalog and build studio links from your code or your AI assistant. No key, token or account; everything is read-only.',
    sections: [
      restSection(input),
      { id: 'errors', title: 'Errors', blocks: [{ kind: 'table', caption: 'Error codes', head: ['Code', 'Status', 'When'], rows: errors }] },
      { id: 'limits', title: 'Limits', blocks: [{ kind: 'list', items: [...describeRateLimits(), ...input.mcp.limits] }] },
      mcpSection(input),
      {
        id: 'files',
        title: 'Machine-readable files',
        blocks: [
          { kind: 'list', items: [
            `Every page has a Markdown twin: add \`.md\` to its address (the home page is ${input.siteUrl}/index.md) or send \`Accept: text/markdown\`. This guide: ${input.siteUrl}/docs.md.`,
            ...input.files.map((f) => `${f.label}: ${f.url}`),
          ] },
        ],
      },
    ],
  };
}
