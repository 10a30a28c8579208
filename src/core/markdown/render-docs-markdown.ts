import { listDocsEndpoints, listErrorCodes, type DocsInput } from './docs-content.ts';
import { bulletList, joinBlocks } from './markdown-text.ts';
import { SITE_NAME } from './site-copy.ts';

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

function renderRest(input: DocsInput): string {
  return listDocsEndpoints(input.siteUrl, input.exampleSlug)
    .map((e) => {
      const params = e.params.map((p) => `\`${p.name}\` (${p.rule}): ${p.meaning}`);
      return `### GET ${e.path}\n\n${e.summary}\n\n${bulletList(params)}\n\nAnswers: ${e.answers}\n\n${fence('sh', e.curl)}`;
    })
    .join('\n\n');
}

function renderErrors(): string {
  const rows = listErrorCodes().map((e) => `| \`${e.code}\` | ${e.status} | ${e.when} |`);
  return ['| Code | Status | When |', '|---|---|---|', ...rows].join('\n');
}

/** The Markdown twin of /docs: the REST API and the MCP server, with runnable examples. */
export function renderDocsMarkdown(input: DocsInput): string {
  const { siteUrl, restRateLimit, mcpRateLimit } = input;
  const { mcp } = input;
  const clients = mcp.clients.map((c) => `### ${c.client}\n\n${c.where}:\n\n${fence(c.language, c.code)}`);
  const tools = mcp.tools.map((t) => `\`${t.name}\` (${t.input}): mirrors ${t.mirrors}`);
  return joinBlocks([
    `# ${SITE_NAME} API and MCP guide`,
    `> Read the public template catalog and build studio links from your code or your AI assistant. No key, token or account; everything is read-only.`,
    `## REST API\n\nBase address: ${siteUrl}/api/v1. Every endpoint is GET and answers JSON. Errors are JSON too: \`{"error": "<code>", "message": "…"}\`.`,
    renderRest(input),
    `## Errors\n\n${renderErrors()}`,
    `## Rate limits\n\n${bulletList([
      `REST: ${restRateLimit} requests per minute per IP address.`,
      `MCP: ${mcpRateLimit} requests per minute per IP address.`,
      'Every API answer carries `RateLimit-Policy`, `RateLimit`, `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.',
      'Past the limit the answer is 429 `rate_limited` with `Retry-After` (seconds) and the same number in `retryAfter`.',
    ])}`,
    `## MCP server\n\nAddress: ${siteUrl}/api/mcp (streamable HTTP, JSON-RPC 2.0 over POST, stateless, JSON answers, no authentication). Tools:\n\n${bulletList(tools)}\n\nA not-found template or an invalid site comes back as a tool result with \`isError: true\` and a message naming what is valid.\n\n${bulletList(mcp.extras)}`,
    `### Protocol versions\n\n${bulletList(mcp.eras)}`,
    ...clients,
    `### Without a client\n\n${fence('sh', mcp.curl)}`,
    `## Other machine-readable files\n\n${bulletList([
      `Every page has a Markdown twin: append \`.md\` (the home page is ${siteUrl}/index.md) or send \`Accept: text/markdown\`.`,
      `OpenAPI 3.1: ${siteUrl}/openapi.json`,
      `llms.txt: ${siteUrl}/llms.txt`,
      `Sitemaps: ${siteUrl}/sitemap.xml and ${siteUrl}/sitemap.md`,
      `API catalog: ${siteUrl}/.well-known/api-catalog`,
    ])}`,
    `HTML version: ${siteUrl}/docs`,
  ]);
}
