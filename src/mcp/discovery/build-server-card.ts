import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Config } from '../../schemas/config.ts';
import { SERVER_CARD_SCHEMA_URL, serverCardSchema, type ServerCard } from './server-card-schema.ts';
import { buildMcpNamespace, buildToolsMetaKey } from '../surface/namespace.ts';
import {
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
  buildMcpUrl,
} from '../surface/server-info.ts';
import { listMcpTools } from '../surface/tools.ts';

/**
 * The MCP Server Card v1 of this deployment: identity, the streamable-HTTP remote with the
 * protocol versions the SDK really negotiates, and (cards do not list primitives themselves)
 * the tools as tools/list gives them, under `_meta["<namespace>/tools"]`. Pure: same config,
 * same card. Parsed with the card schema, so a bad field fails the build, not a client.
 */
export function buildServerCard(config: Pick<Config, 'SITE_URL'>): ServerCard {
  const tools = listMcpTools(config.SITE_URL).map(({ name, title, description, annotations, inputSchema, outputSchema }) => ({
    name,
    title,
    description,
    annotations,
    inputSchema,
    outputSchema,
  }));
  return serverCardSchema.parse({
    $schema: SERVER_CARD_SCHEMA_URL,
    name: `${buildMcpNamespace(config.SITE_URL)}/${MCP_SERVER_NAME}`,
    title: MCP_SERVER_TITLE,
    description: MCP_SERVER_DESCRIPTION,
    version: MCP_SERVER_VERSION,
    websiteUrl: `${config.SITE_URL}/docs`,
    remotes: [{ type: 'streamable-http', url: buildMcpUrl(config.SITE_URL), supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS] }],
    _meta: { [buildToolsMetaKey(config.SITE_URL)]: tools },
  });
}
