import { EXTENSION_ID as UI_EXTENSION, RESOURCE_MIME_TYPE, registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import { ProtocolError, ProtocolErrorCode, ResourceTemplate, type Implementation, type McpServer, type ServerOptions } from '@modelcontextprotocol/server';
import { CatalogServer } from './catalog-server.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { complete } from '../../contracts/mcp/completion.ts';
import { getPrompt, listPrompts } from '../../contracts/mcp/prompts.ts';
import { GALLERY_URI, buildGalleryUiMeta, describeGallery, renderGalleryHtml } from '../../contracts/mcp/gallery-app.ts';
import { MCP_RESOURCE_TEMPLATES, buildUriTemplate, listResources, readResource } from '../../contracts/mcp/resources.ts';
import { getSkillsExtension } from '../../contracts/mcp/skills.ts';
import { oncePerSite } from '../../contracts/mcp/once-per-site.ts';
import {
  MCP_PROTOCOL_VERSIONS,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
  buildMcpIcon,
} from '../../contracts/mcp/server-info.ts';
import { buildMcpInstructions } from '../../contracts/mcp/instructions.ts';
import { MCP_TOOLS, callMcpTool, findMcpTool, listMcpTools } from '../../contracts/mcp/tools.ts';
import { quoteInput } from '../../core/quote-input.ts';

/** What every handler reads. */
export interface McpServerContext {
  catalog: Catalog;
  config: Config;
}

const TOOL_NAMES = MCP_TOOLS.map((t) => t.name).join(', ');

/** Everything a 2026 client may cache: the catalog changes only with a new build. */
const CACHE_HINT = { ttlMs: 60_000, cacheScope: 'public' } as const;

/**
 * The capabilities: tools, resources (no subscriptions), prompts and completion; nothing changes
 * while serving. Extensions: MCP Apps (the gallery, a `ui://` HTML resource); the skills
 * extension adds its own entry when attached.
 */
export const MCP_CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
  extensions: { [UI_EXTENSION]: { mimeTypes: [RESOURCE_MIME_TYPE] } },
};

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

/** The SDK's parsed URI templates, made once per site (every per-request server shares them). */
const buildResourceTemplates = oncePerSite((site) => MCP_RESOURCE_TEMPLATES.map((t) => new ResourceTemplate(buildUriTemplate(site, t), { list: undefined })));

/**
 * The catalog's resources, registered the SDK's way: its three URI templates (reads answered
 * from the catalog, a miss naming the nearest templates), the gallery of the MCP App (through
 * ext-apps' registerAppResource: its MIME type and CSP) and the Skills extension (skills/list,
 * skills/get and skill:// files). resources/list is then answered by listResources, paged
 * (the McpServer's own lists every resource in one answer, and there may be 50,000).
 */
function registerResources(mcp: McpServer, { catalog, config }: McpServerContext): void {
  const site = config.SITE_URL;
  for (const [i, template] of buildResourceTemplates(site).entries()) {
    const t = MCP_RESOURCE_TEMPLATES[i]!;
    mcp.registerResource(t.name, template, { title: t.title, description: t.description, mimeType: t.mimeType }, (uri) => readResource(catalog, site, uri.href));
  }
  const { uri: _uri, name, ...gallery } = describeGallery(site);
  registerAppResource(mcp, name, GALLERY_URI, gallery, () => ({
    contents: [{ uri: GALLERY_URI, mimeType: gallery.mimeType!, text: renderGalleryHtml(site), _meta: { ui: buildGalleryUiMeta(site) } }],
  }));
  getSkillsExtension(catalog, site).attach(mcp);
  mcp.server.setRequestHandler('resources/list', (request) => listResources(catalog, site, request.params?.cursor));
}

/**
 * A protocol server for one request (both eras: the SDK's handler binds it to 2026-07-28 or
 * serves the 2025 handshake through it). Resources go through McpServer's registry; tools,
 * prompts and completion through the underlying Server's request handlers (the SDK's way for
 * "advanced usage", McpServer.server): every listing is built once per site from the surface
 * definitions (registerTool converts zod to JSON Schema per instance, i.e. per request), and
 * tools/call checks arguments itself so that bad input comes back as an `invalid_parameter`
 * tool result naming the argument.
 */
export function createMcpServer(ctx: McpServerContext): McpServer {
  const { catalog, config } = ctx;
  const { info, options } = identify(config);
  const site = config.SITE_URL;
  const mcp = new CatalogServer(info, options);
  registerResources(mcp, ctx);
  const server = mcp.server;
  server.setRequestHandler('tools/list', () => ({ tools: listMcpTools(site) }));
  server.setRequestHandler('tools/call', (request) => {
    const result = callMcpTool(request.params.name, request.params.arguments, { catalog, config });
    if (!result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${quoteInput(request.params.name)}. Tools: ${TOOL_NAMES}.`);
    // The SDK's projection for low-level tools/call handlers (SEP-2106's text block, the 2025
    // {result} wrap): the identity here, where every result has text and an object body.
    return server.projectCallToolResult(result, findMcpTool(request.params.name)?.outputSchema);
  });
  server.setRequestHandler('prompts/list', () => ({ prompts: listPrompts(site) }));
  server.setRequestHandler('prompts/get', (request) => getPrompt(request.params.name, request.params.arguments, site));
  server.setRequestHandler('completion/complete', (request) => complete(catalog, site, request.params));
  return mcp;
}
