import type { McpClientSnippet, McpDocs } from '../../core/markdown/docs-content.ts';
import { MCP_PROMPTS } from './prompts.ts';
import { MCP_RESOURCE_TEMPLATES, RESOURCE_PAGE_SIZE, buildUriTemplate } from './resources.ts';
import { TOOL_NAMES as T } from '../../core/tool-names.ts';
import { ARD_PATH, SERVER_CARD_WELL_KNOWN_PATH } from '../discovery/discovery-paths.ts';
import { GALLERY_URI } from './gallery-app.ts';
import { MCP_HANDSHAKE_VERSIONS, MCP_MODERN_VERSION, MCP_SERVER_CARD_PATH, buildMcpUrl } from './server-info.ts';
import { CONNECTOR_RESULTS, MCP_MAX_BODY_BYTES, SEARCH_PAGE_MAX, formatBytes } from './tool-limits.ts';
import { MCP_TOOLS } from './tools.ts';

/** Configuration for the common MCP clients, pointing at this site's /api/mcp. */
export function listMcpClientSnippets(siteUrl: string): McpClientSnippet[] {
  const url = buildMcpUrl(siteUrl);
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    { client: 'Claude Code', where: 'in a terminal', language: 'sh', code: `claude mcp add --transport http template-catalog ${url}` },
    {
      client: 'Claude Desktop',
      where: 'Settings → Connectors → Add custom connector with the address above; or, in claude_desktop_config.json, through the mcp-remote bridge',
      language: 'json',
      code: json({ mcpServers: { 'template-catalog': { command: 'npx', args: ['-y', 'mcp-remote', url] } } }),
    },
    { client: 'VS Code', where: '.vscode/mcp.json', language: 'json', code: json({ servers: { 'template-catalog': { type: 'http', url } } }) },
    { client: 'Cursor', where: '.cursor/mcp.json (or ~/.cursor/mcp.json)', language: 'json', code: json({ mcpServers: { 'template-catalog': { url } } }) },
    {
      client: 'TypeScript SDK v2',
      where: 'a program using @modelcontextprotocol/client (pinned to 2026-07-28; drop versionNegotiation for the 2025 handshake)',
      language: 'sh',
      code: [
        "const client = new Client({ name: 'my-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });",
        `await client.connect(new StreamableHTTPClientTransport(new URL('${url}')));`,
      ].join('\n'),
    },
  ];
}

/** A raw 2025-era JSON-RPC call to the first tool, for trying the endpoint without a client. */
export function buildMcpCurl(siteUrl: string): string {
  const tool = T.searchTemplates;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: { query: 'countdown', limit: 3 } } });
  return [`curl -X POST '${buildMcpUrl(siteUrl)}' \\`, "  -H 'Content-Type: application/json' \\", "  -H 'Accept: application/json' \\", `  -d '${body}'`].join('\n');
}

/** The tool names as prose: `a, b and c`. */
export function listMcpToolNames(): string {
  const names = MCP_TOOLS.map((t) => t.name);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What 2026-07-28 clients and 2025-era clients each get from the one endpoint. */
export function describeMcpEras(): string[] {
  return [
    `${MCP_MODERN_VERSION} clients: no handshake; \`server/discover\` names the version, capabilities and instructions, every request carries its own \`_meta\` (protocol version, client info) checked against the \`Mcp-Method\`/\`Mcp-Name\` headers, and list and read results carry \`resultType\`, \`ttlMs\` (60 s) and \`cacheScope: "public"\`.`,
    `2025-era clients (${MCP_HANDSHAKE_VERSIONS.join(', ')}): the \`initialize\` handshake, then stateless requests with no session id; answers are JSON, never event streams.`,
    'Both get the same tools, resources, completion and prompts, the same answers and the same limits.',
  ];
}

/** The MCP section of the guide, derived from the surface definitions. */
export function buildMcpDocs(siteUrl: string): McpDocs {
  const resources = MCP_RESOURCE_TEMPLATES.map((t) => `\`${buildUriTemplate(siteUrl, t)}\` (${t.mimeType})`).join(', ');
  return {
    tools: MCP_TOOLS.map((t) => ({ name: t.name, input: t.arguments, mirrors: t.mirrors })),
    extras: [
      'A template that does not exist or a site that is not a domain comes back as a tool result with `isError: true`, its code and a message naming the nearest templates and the tool to call next.',
      `\`${T.search}\` and \`${T.fetch}\` take the shapes ChatGPT connectors and deep research require: one string each, the answer as the JSON text of one block (\`{"results": [{"id", "title", "url"}]}\`, the ${CONNECTOR_RESULTS} best; \`{"id", "title", "text", "url", "metadata"}\` with the template's Markdown as text).`,
      `Resources: every template and category through the resource templates ${resources}; \`resources/list\` pages ${RESOURCE_PAGE_SIZE} at a time with a cursor. Search results give each template's page and poster as links.`,
      `Hosts that show MCP Apps show \`${T.searchTemplates}\` and \`${T.getTemplate}\` answers in a gallery (${GALLERY_URI}): posters with format, tier, price and duration, and "Open in the studio".`,
      `The agent skill is served over MCP too (the Skills extension: \`skills/list\`, \`skills/get\`, \`skill://\` files).`,
      'Completion (`completion/complete`) suggests template slugs and ids and category ids, those starting with the typed text first, then the catalog search\'s hits.',
      `Prompts: ${MCP_PROMPTS.map((p) => `\`${p.name}\` (${p.title.toLowerCase()}; arguments ${Object.keys(p.args.shape).join(', ')})`).join(', ')}.`,
      `Discovery: the server card at ${siteUrl}${MCP_SERVER_CARD_PATH} (the same file as ${siteUrl}${SERVER_CARD_WELL_KNOWN_PATH} and /.well-known/mcp/manifest.json), listed by the ARD manifest at ${siteUrl}${ARD_PATH}; the MCP registry entry is ${siteUrl}/mcp/server.json.`,
    ],
    limits: [
      `MCP request bodies: up to ${formatBytes(MCP_MAX_BODY_BYTES)} (413 \`payload_too_large\` past it).`,
      `Search pages: up to ${SEARCH_PAGE_MAX} templates (\`limit\` on REST, on \`${T.searchTemplates}\`).`,
    ],
    eras: describeMcpEras(),
    clients: listMcpClientSnippets(siteUrl),
    curl: buildMcpCurl(siteUrl),
  };
}
