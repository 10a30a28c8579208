import type { Config } from '../../schemas/config.ts';
import { listPrompts } from '../mcp/prompts.ts';
import { listResourceTemplates } from '../mcp/resources.ts';
import { SERVER_CARD_SCHEMA_URL, serverCardSchema, type ServerCard } from './server-card-schema.ts';
import { buildMcpNamespace } from '../mcp/namespace.ts';
import {
  MCP_HANDSHAKE_VERSIONS,
  MCP_MODERN_VERSION,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
  buildMcpIcon,
  buildMcpUrl,
} from '../mcp/server-info.ts';
import { listMcpTools } from '../mcp/tools.ts';

/**
 * The MCP Server Card v1 of this deployment: identity and icon, the streamable-HTTP remote with
 * the protocol versions server/discover lists (and the 2025 handshake versions under _meta), and
 * (cards do not list primitives themselves) the tools, resource templates and prompts exactly as
 * the list operations give them, under `_meta["<namespace>/tools"]` and the like. Pure: same
 * config, same card. Parsed with the card schema, so a bad field fails the build, not a client.
 */
export function buildServerCard(config: Pick<Config, 'SITE_URL'>): ServerCard {
  const site = config.SITE_URL;
  const ns = buildMcpNamespace(site);
  const tools = listMcpTools(site).map(({ name, title, description, annotations, icons, inputSchema, outputSchema }) => ({
    name,
    title,
    description,
    annotations,
    icons,
    inputSchema,
    outputSchema,
  }));
  return serverCardSchema.parse({
    $schema: SERVER_CARD_SCHEMA_URL,
    name: `${ns}/${MCP_SERVER_NAME}`,
    title: MCP_SERVER_TITLE,
    description: MCP_SERVER_DESCRIPTION,
    version: MCP_SERVER_VERSION,
    websiteUrl: `${site}/docs`,
    icons: [buildMcpIcon(site, 'server')],
    // As server/discover lists them (the versions a request may name without a handshake); the
    // 2025 revisions the initialize handshake negotiates are named under _meta.
    remotes: [{ type: 'streamable-http', url: buildMcpUrl(site), supportedProtocolVersions: [MCP_MODERN_VERSION] }],
    _meta: {
      [`${ns}/handshakeProtocolVersions`]: [...MCP_HANDSHAKE_VERSIONS],
      [`${ns}/tools`]: tools,
      [`${ns}/resourceTemplates`]: listResourceTemplates(site),
      [`${ns}/prompts`]: listPrompts(site),
    },
  });
}

/**
 * The card as served, byte for byte the same at every address (manifest.json, server-card.json,
 * /api/mcp/server-card), so that they share one ETag and a client's 304 holds for each.
 */
export function renderServerCard(config: Pick<Config, 'SITE_URL'>): string {
  return JSON.stringify(buildServerCard(config), null, 2);
}
