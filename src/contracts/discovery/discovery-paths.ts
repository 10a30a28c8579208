/*
 * Where the discovery documents live and what they are served as: one place that the pages
 * that build them, the server that types and redirects them, the Link headers and the docs read.
 */

/** RFC 9727 API catalog. */
export const API_CATALOG_PATH = '/.well-known/api-catalog';
/** RFC 9727 §4.2: a linkset profiled as an API catalog. */
export const API_CATALOG_MEDIA_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/**
 * Agentic Resource Discovery (ARD): the domain's manifest of agentic resources (the MCP server
 * card, the agent skill), found through `rel="ard"` on every page and this address.
 */
export const ARD_PATH = '/.well-known/ard.json';
/** The same manifest at the AI Catalog's address, for readers that still fetch it (ARD calls it legacy). */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
/** The manifest's media type (ARD kept the AI Catalog's). */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
/** An agent skill's SKILL.md, as ARD entries type it. */
export const SKILL_MEDIA_TYPE = 'text/markdown; profile="urn:air:agent-skills"';

/** The MCP Server Card media type (catalog entries and the card's own answers name it). */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
/** The seed's name for the card; kept, with the same bytes as every other card address. */
export const MCP_MANIFEST_PATH = '/.well-known/mcp/manifest.json';
/** Where scanners look for the card. */
export const SERVER_CARD_WELL_KNOWN_PATH = '/.well-known/mcp/server-card.json';
/** The superseded MCP Catalog draft's address: now a redirect to the ARD manifest. */
export const MCP_CATALOG_PATH = '/.well-known/mcp/catalog.json';

/** Agent Skills discovery index (v0.2.0) and where each skill's SKILL.md is. */
export const SKILLS_INDEX_PATH = '/.well-known/agent-skills/index.json';
export const SKILLS_INDEX_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
export function buildSkillPath(name: string): string {
  return `/.well-known/agent-skills/${name}/SKILL.md`;
}

/** Prerendered files whose type the file name cannot tell, or tells too vaguely. */
export const PUBLISHED_MEDIA_TYPES: Readonly<Record<string, string>> = {
  [API_CATALOG_PATH]: API_CATALOG_MEDIA_TYPE,
  [ARD_PATH]: AI_CATALOG_MEDIA_TYPE,
  [AI_CATALOG_PATH]: AI_CATALOG_MEDIA_TYPE,
  [SERVER_CARD_WELL_KNOWN_PATH]: SERVER_CARD_MEDIA_TYPE,
};

/** Old addresses that answer with a permanent redirect to the current one. */
export const PUBLISHED_REDIRECTS: Readonly<Record<string, string>> = {
  [MCP_CATALOG_PATH]: ARD_PATH,
};
