import { SITE_NAME } from '../../core/markdown/site-copy.ts';
import type { Config } from '../../schemas/config.ts';
import { AGENT_SKILLS } from '../published/build-agent-skills.ts';
import { MCP_SERVER_CARD_PATH, MCP_SERVER_DESCRIPTION, MCP_SERVER_NAME, MCP_SERVER_TITLE } from '../mcp/server-info.ts';
import { MCP_TOOLS } from '../mcp/tools.ts';
import { SERVER_CARD_MEDIA_TYPE, SKILL_MEDIA_TYPE, buildSkillPath } from './discovery-paths.ts';

/** One entry of the manifest: an agentic resource by reference. */
export interface AiCatalogEntry {
  identifier: string;
  displayName: string;
  type: string;
  url: string;
  description: string;
  tags?: string[];
  capabilities?: string[];
  /** 2 to 5 requests a person might make that this resource answers (registries index them). */
  representativeQueries: string[];
  updatedAt: string;
}

/** The manifest (`application/ai-catalog+json`, specVersion 1.0). */
export interface AiCatalog {
  specVersion: '1.0';
  host: { displayName: string; identifier: string; documentationUrl: string };
  entries: AiCatalogEntry[];
}

/** What people ask that the catalog answers, for the MCP server and the skills alike. */
const QUERIES = [
  'find a countdown video template for a product launch',
  'a vertical promo video template for my app',
  'open a video template in the studio with my brand',
];

/**
 * The Agentic Resource Discovery manifest of this site (`/.well-known/ard.json`, the same bytes
 * at the legacy `/.well-known/ai-catalog.json`): the agentic resources it offers, each with a
 * publisher-anchored identifier (`urn:air:{domain}:{namespace}:{name}`), a media type from
 * ARD's list and representative queries. The MCP server by its card (at the address the card
 * draft reserves beside the endpoint), and each agent skill by its SKILL.md. The OpenAPI
 * description and llms.txt are no agentic resources in ARD's sense (its media types have none
 * for them): RFC 9727's api-catalog and /llms.txt name them.
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
        representativeQueries: QUERIES,
        updatedAt,
      },
      ...AGENT_SKILLS.map((skill) => ({
        identifier: urn('skills', skill.name),
        displayName: `${SITE_NAME} agent skill`,
        type: SKILL_MEDIA_TYPE,
        url: `${site}${buildSkillPath(skill.name)}`,
        description: skill.description,
        representativeQueries: QUERIES,
        updatedAt,
      })),
    ],
  };
}
