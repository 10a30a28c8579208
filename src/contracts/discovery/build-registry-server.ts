import type { Config } from '../../schemas/config.ts';
import { buildMcpNamespace } from '../mcp/namespace.ts';
import {
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
  buildMcpIcon,
  buildMcpUrl,
} from '../mcp/server-info.ts';

/** The MCP registry's server.json schema this service's file follows. */
export const REGISTRY_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/**
 * The MCP registry's `server.json` for this deployment (a remote-only server): publish it with
 * `mcp-publisher publish` after `npm run build` (it is written to the build at /mcp/server.json).
 * The name's namespace is SITE_URL's host reversed, which DNS authentication proves.
 */
export function buildRegistryServer(config: Pick<Config, 'SITE_URL'>) {
  return {
    $schema: REGISTRY_SCHEMA_URL,
    name: `${buildMcpNamespace(config.SITE_URL)}/${MCP_SERVER_NAME}`,
    title: MCP_SERVER_TITLE,
    description: MCP_SERVER_DESCRIPTION,
    version: MCP_SERVER_VERSION,
    websiteUrl: `${config.SITE_URL}/docs`,
    icons: [buildMcpIcon(config.SITE_URL, 'server')],
    remotes: [{ type: 'streamable-http', url: buildMcpUrl(config.SITE_URL) }],
  };
}
