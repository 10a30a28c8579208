// The package's name and version, written out: importing package.json put all of it (~3.5 KB)
// in the worker bundle, whose limit is 400 KB gzipped. tests/mcp/mcp-client.app.test.ts checks
// both against package.json.
/** Server name announced in `initialize` / `server/discover` (the package name). */
export const MCP_SERVER_NAME: string = 'template-catalog';
/** Server version announced in `initialize` / `server/discover` and in the server card (the package version). */
export const MCP_SERVER_VERSION: string = '0.1.0';
/** Display title of the server. */
export const MCP_SERVER_TITLE = 'Video Template Catalog';
/** One line (at most 100 characters: the server card's limit) on what the server offers. */
export const MCP_SERVER_DESCRIPTION = 'Search promo and launch video templates and get links that open them in the studio.';

/** Path of the MCP endpoint under SITE_URL. */
export const MCP_PATH = '/api/mcp';
/** Where the server card is served beside the endpoint (`<streamable-http-url>/server-card`, SEP-2127). */
export const MCP_SERVER_CARD_PATH = `${MCP_PATH}/server-card`;

/**
 * The protocol revisions this server speaks: 2026-07-28 through `server/discover` and per-request
 * `_meta`, and each published 2025-era revision through the `initialize` handshake. Only versions
 * that were published as specifications (the SDK also accepts the unpublished 2024-10-07 draft).
 */
export const MCP_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
/** The revision served without a handshake. */
export const MCP_MODERN_VERSION = MCP_PROTOCOL_VERSIONS[0];
/** The revisions negotiated through `initialize`, newest first. */
export const MCP_HANDSHAKE_VERSIONS = MCP_PROTOCOL_VERSIONS.slice(1);

/** The address of the MCP endpoint. */
export function buildMcpUrl(siteUrl: string): string {
  return `${siteUrl}${MCP_PATH}`;
}

/** An icon as MCP lists it (server, tools, prompts): an SVG the site serves under /mcp/. */
export interface McpIcon {
  src: string;
  mimeType: 'image/svg+xml';
}

/** The icon named `name` (a file in public/mcp/) at this site. */
export function buildMcpIcon(siteUrl: string, name: string): McpIcon {
  // No `sizes`: it is optional, and an SVG has every size.
  return { src: `${siteUrl}/mcp/${name}.svg`, mimeType: 'image/svg+xml' };
}
