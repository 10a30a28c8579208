import { ProtocolError, ProtocolErrorCode, type Implementation, type Server, type ServerOptions } from '@modelcontextprotocol/server';
import { CatalogServer } from './catalog-server.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { complete } from '../../contracts/mcp/completion.ts';
import { getPrompt, listPrompts } from '../../contracts/mcp/prompts.ts';
import { listResourceTemplates, listResources, readResource } from '../../contracts/mcp/resources.ts';
import {
  MCP_PROTOCOL_VERSIONS,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
  buildMcpIcon,
} from '../../contracts/mcp/server-info.ts';
import { buildMcpInstructions } from '../../contracts/mcp/instructions.ts';
import { MCP_TOOLS, callMcpTool, listMcpTools } from '../../contracts/mcp/tools.ts';

/** What every handler reads. */
export interface McpServerContext {
  catalog: Catalog;
  config: Config;
}

const TOOL_NAMES = MCP_TOOLS.map((t) => t.name).join(', ');

/** Everything a 2026 client may cache: the catalog changes only with a new build. */
const CACHE_HINT = { ttlMs: 60_000, cacheScope: 'public' } as const;

/** The capabilities: tools, resources (no subscriptions), prompts and completion; nothing changes while serving. */
export const MCP_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
} as const;

const identities = new WeakMap<Config, { info: Implementation; options: ServerOptions }>();

/** Server info and options, built once per config and shared by every per-request server. */
function identify(config: Config) {
  let id = identities.get(config);
  if (!id) {
    id = {
      info: {
        name: MCP_SERVER_NAME,
        version: MCP_SERVER_VERSION,
        title: MCP_SERVER_TITLE,
        description: MCP_SERVER_DESCRIPTION,
        websiteUrl: `${config.SITE_URL}/docs`,
        icons: [buildMcpIcon(config.SITE_URL, 'server')],
      },
      options: {
        capabilities: MCP_CAPABILITIES,
        instructions: buildMcpInstructions(config.SITE_URL, config.MCP_RATE_LIMIT),
        supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
        cacheHints: {
          'tools/list': CACHE_HINT,
          'prompts/list': CACHE_HINT,
          'resources/list': CACHE_HINT,
          'resources/templates/list': CACHE_HINT,
          'resources/read': CACHE_HINT,
          'server/discover': CACHE_HINT,
        },
      },
    };
    identities.set(config, id);
  }
  return id;
}

/**
 * A protocol server for one request (both eras: the SDK's handler binds it to 2026-07-28 or
 * serves the 2025 handshake through it). The low-level `Server` rather than `McpServer`:
 * every listing is built once per site from the surface definitions (McpServer converts zod
 * to JSON Schema per instance, i.e. per request), resources/list is paged with cursors
 * (McpServer lists everything in one answer), and tools/call checks arguments itself so that
 * bad input comes back as an `invalid_parameter` tool result naming the argument.
 */
export function createMcpServer({ catalog, config }: McpServerContext): Server {
  const { info, options } = identify(config);
  const site = config.SITE_URL;
  const server = new CatalogServer(info, options);
  server.setRequestHandler('tools/list', () => ({ tools: listMcpTools(site) }));
  server.setRequestHandler('tools/call', (request) => {
    const result = callMcpTool(request.params.name, request.params.arguments, { catalog, config });
    if (!result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool "${request.params.name.slice(0, 100)}". Tools: ${TOOL_NAMES}.`);
    return result;
  });
  server.setRequestHandler('resources/list', (request) => listResources(catalog, site, request.params?.cursor));
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: listResourceTemplates(site) }));
  server.setRequestHandler('resources/read', (request) => readResource(catalog, site, request.params.uri));
  server.setRequestHandler('prompts/list', () => ({ prompts: listPrompts(site) }));
  server.setRequestHandler('prompts/get', (request) => getPrompt(request.params.name, request.params.arguments, site));
  server.setRequestHandler('completion/complete', (request) => complete(catalog, site, request.params));
  return server;
}
