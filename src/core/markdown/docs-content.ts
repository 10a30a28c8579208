import type { z } from 'zod';
import { STATUS_BY_CODE } from '../api-error.ts';
import { describeRule } from '../query/describe-rule.ts';
import { listQuerySchema, studioLinkQuerySchema, templateIdParamSchema } from '../../schemas/queries.ts';
import type { ErrorCode } from '../../schemas/responses.ts';

/** The facts the API guide is written from; the /docs page and its twin both render them. */
export interface DocsInput {
  siteUrl: string;
  restRateLimit: number;
  mcpRateLimit: number;
  /** A slug that exists in the catalog, so the examples answer 200 when pasted. */
  exampleSlug: string;
}

/** One query or path parameter of an endpoint. */
export interface DocsParam {
  name: string;
  rule: string;
  meaning: string;
}

/** One REST endpoint with a runnable example. */
export interface DocsEndpoint {
  path: string;
  summary: string;
  params: DocsParam[];
  answers: string;
  curl: string;
}

/** Table rows of a query schema: the rule from the schema, the meaning in words written here. */
function toDocsParams(shape: Record<string, z.ZodType>, meanings: Record<string, string>): DocsParam[] {
  return Object.entries(shape).map(([name, field]) => ({ name, rule: describeRule(field), meaning: meanings[name] ?? '' }));
}

/** The three REST operations, with parameters and curl examples on this site's address. */
export function listDocsEndpoints(siteUrl: string, exampleSlug: string): DocsEndpoint[] {
  const api = `${siteUrl}/api/v1`;
  return [
    {
      path: '/api/v1/templates',
      summary: 'List and search templates. Without q: newest first. With q: by relevance (typos and prefixes allowed); every word must match, or else the templates matching the most words are returned.',
      params: toDocsParams(listQuerySchema.shape, {
        q: 'Free text over title, description, category, tags and example brands.',
        category: 'A category id, such as product-launch.',
        tier: 'Only templates of that tier.',
        format: 'Only templates offered in that format.',
        limit: 'Page size. Without it every match is returned.',
        offset: 'Matches to skip.',
      }),
      answers: '200 TemplateList: apiVersion, count (in this answer), total (all matches), facets, templates.',
      curl: `curl '${api}/templates?q=countdown&tier=free&limit=5'`,
    },
    {
      path: '/api/v1/templates/{id}',
      summary: 'One template by id or slug.',
      params: [{ name: 'id', rule: describeRule(templateIdParamSchema, true), meaning: 'A template id or slug.' }],
      answers: '200 TemplateEnvelope: apiVersion, template. 404 template_not_found names the nearest ids.',
      curl: `curl '${api}/templates/${exampleSlug}'`,
    },
    {
      path: '/api/v1/studio-link',
      summary: 'The address that opens a template in the studio with the brand read from a website. Creates nothing.',
      params: toDocsParams(studioLinkQuerySchema.shape, {
        template: 'Template id or slug.',
        site: "The person's website as a public domain or http(s) address, such as acme.com.",
        format: 'Format in which the studio opens.',
      }),
      answers: '200 StudioLink: apiVersion, url, template (canonical id), site (normalized domain or null).',
      curl: `curl '${api}/studio-link?template=${exampleSlug}&site=acme.com&format=9:16'`,
    },
  ];
}

const WHEN: Record<ErrorCode, string> = {
  invalid_parameter: 'A query parameter breaks its rule or is given twice; the message names it.',
  invalid_site: '`site` is not a public domain name (IP addresses, localhost and single labels are refused).',
  template_not_found: 'No template has that id or slug; the message suggests the nearest ones.',
  not_found: 'No such path under /api/.',
  method_not_allowed: 'The method is not allowed on that route; see the Allow header.',
  forbidden_host: '/api/mcp was called with a Host or Origin this server does not accept.',
  payload_too_large: 'The MCP request body is too large.',
  not_acceptable: 'The MCP request does not accept a JSON answer.',
  rate_limited: 'Too many requests from your address; wait Retry-After seconds.',
  internal_error: 'Something failed on our side; try again.',
};

/** Every error code with its status and when it happens. */
export function listErrorCodes(): { code: ErrorCode; status: number; when: string }[] {
  return (Object.keys(WHEN) as ErrorCode[]).map((code) => ({ code, status: STATUS_BY_CODE[code], when: WHEN[code] }));
}

/** One way to connect an MCP client. */
export interface McpClientSnippet {
  client: string;
  where: string;
  language: 'sh' | 'json';
  code: string;
}

/** Configuration for the common MCP clients, pointing at this site's /api/mcp. */
export function listMcpClientSnippets(siteUrl: string): McpClientSnippet[] {
  const url = `${siteUrl}/api/mcp`;
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
  ];
}

/** The MCP tools and what each mirrors. */
export const MCP_TOOLS: readonly { name: string; mirrors: string; input: string }[] = [
  { name: 'search_templates', mirrors: 'GET /api/v1/templates', input: 'query, category, tier, format, limit (default 10), offset' },
  { name: 'get_template', mirrors: 'GET /api/v1/templates/{id}', input: 'id (id or slug)' },
  { name: 'studio_link', mirrors: 'GET /api/v1/studio-link', input: 'template, site, format' },
];

/** A raw JSON-RPC call to the MCP endpoint, for trying it without a client. */
export function buildMcpCurl(siteUrl: string): string {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_templates', arguments: { query: 'countdown', limit: 3 } } });
  return [
    `curl -X POST '${siteUrl}/api/mcp' \\`,
    "  -H 'Content-Type: application/json' \\",
    "  -H 'Accept: application/json, text/event-stream' \\",
    `  -d '${body}'`,
  ].join('\n');
}
