import { SITE_NAME } from '../../core/markdown/site-copy.ts';
import type { Config } from '../../schemas/config.ts';
import { MCP_SERVER_CARD_PATH, MCP_SERVER_DESCRIPTION, MCP_SERVER_NAME, MCP_SERVER_TITLE } from '../mcp/server-info.ts';
import { MCP_TOOLS } from '../mcp/tools.ts';
import { OPENAPI_MEDIA_TYPE } from '../published/build-api-catalog.ts';
import { SERVER_CARD_MEDIA_TYPE, SKILLS_INDEX_PATH } from './discovery-paths.ts';

/** One entry of an AI Catalog: an artifact by reference. */
export interface AiCatalogEntry {
  identifier: string;
  displayName: string;
  type: string;
  url: string;
  description: string;
  tags?: string[];
  capabilities?: string[];
  representativeQueries?: string[];
  updatedAt: string;
}

/** The AI Catalog document (`application/ai-catalog+json`). */
export interface AiCatalog {
  specVersion: '1.0';
  host: { displayName: string; identifier: string; documentationUrl: string };
  entries: AiCatalogEntry[];
}

/**
 * `/.well-known/ai-catalog.json`: the AI Catalog of this site (specVersion 1.0, the discovery the
 * MCP server-card draft now names). Entries carry publisher-anchored identifiers
 * (`urn:air:{domain}:{namespace}:{name}`) and point to the MCP server card (at the address the
 * draft reserves beside the endpoint), the OpenAPI description, llms.txt and the agent skills
 * index. `displayName` is set although the card has a title: the published ARD schema for this
 * document requires it. `capabilities` are the MCP tool names.
 */
export function buildAiCatalog(config: Pick<Config, 'SITE_URL'>, builtAt: Date): AiCatalog {
  const site = config.SITE_URL;
  const domain = new URL(site).hostname;
  const urn = (namespace: string, name: string) => `urn:air:${domain}:${namespace}:${name}`;
  const updatedAt = builtAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    specVersion: '1.0',
    host: { displayName: SITE_NAME, identifier: domain, documentationUrl: `${site}/docs` },
    entries: [
      {
        identifier: urn('mcp', MCP_SERVER_NAME),
        displayName: MCP_SERVER_TITLE,
        type: SERVER_CARD_MEDIA_TYPE,
        url: `${site}${MCP_SERVER_CARD_PATH}`,
        description: MCP_SERVER_DESCRIPTION,
        tags: ['video templates', 'promo video', 'studio link'],
        capabilities: MCP_TOOLS.map((t) => t.name),
        representativeQueries: ['find a countdown template for a product launch', 'a vertical promo video template for my app'],
        updatedAt,
      },
      {
        identifier: urn('openapi', MCP_SERVER_NAME),
        displayName: `${SITE_NAME} REST API`,
        type: OPENAPI_MEDIA_TYPE,
        url: `${site}/openapi.json`,
        description: 'OpenAPI 3.1 description of the read-only REST API: list and search templates, get one, build a studio link.',
        updatedAt,
      },
      {
        identifier: urn('llms', MCP_SERVER_NAME),
        displayName: `${SITE_NAME} llms.txt`,
        type: 'text/plain',
        url: `${site}/llms.txt`,
        description: 'The llmstxt.org index: what the catalog is, how to use it, and links to the Markdown twin of every page.',
        updatedAt,
      },
      {
        identifier: urn('skills', MCP_SERVER_NAME),
        displayName: `${SITE_NAME} agent skills`,
        type: 'application/agent-skills+json',
        url: `${site}${SKILLS_INDEX_PATH}`,
        description: 'Agent Skills discovery index: how to find a template and build a studio link over REST or MCP.',
        updatedAt,
      },
    ],
  };
}
