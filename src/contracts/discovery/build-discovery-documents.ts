import type { Config } from '../../schemas/config.ts';
import { buildMcpNamespace } from '../mcp/namespace.ts';
import {
  MCP_SERVER_CARD_PATH,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
  buildMcpIcon,
  buildMcpUrl,
} from '../mcp/server-info.ts';

/** Path of the MCP Catalog (SEP-2127 discovery: the domain-level entry point to server cards). */
export const MCP_CATALOG_PATH = '/.well-known/mcp/catalog.json';
/** Media type of a server card, which catalog entries name. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
/** The MCP registry's server.json schema this service's file follows. */
export const REGISTRY_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/**
 * The MCP Catalog of this site (`/.well-known/mcp/catalog.json`, the discovery the SEP-2127
 * draft recommends): one entry, anchored on the site's domain (`urn:air:{domain}:{name}`),
 * pointing to the card served at `<streamable-http-url>/server-card`.
 */
export function buildMcpCatalog(config: Pick<Config, 'SITE_URL'>) {
  const domain = new URL(config.SITE_URL).hostname;
  return {
    specVersion: 'draft',
    entries: [
      {
        identifier: `urn:air:${domain}:${MCP_SERVER_NAME}`,
        displayName: MCP_SERVER_TITLE,
        type: SERVER_CARD_MEDIA_TYPE,
        url: `${config.SITE_URL}${MCP_SERVER_CARD_PATH}`,
      },
    ],
  };
}

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
