import pkg from '../../../package.json' with { type: 'json' };

/** Server name announced in `initialize` (the package name). */
export const MCP_SERVER_NAME: string = pkg.name;
/** Server version announced in `initialize` and in the server card (the package version). */
export const MCP_SERVER_VERSION: string = pkg.version;
/** Display title of the server. */
export const MCP_SERVER_TITLE = 'Video Template Catalog';
/** One line (at most 100 characters: the server card's limit) on what the server offers. */
export const MCP_SERVER_DESCRIPTION = 'Search promo and launch video templates and get links that open them in the studio.';

/** Path of the MCP endpoint under SITE_URL. */
export const MCP_PATH = '/api/mcp';

/** The address of the MCP endpoint. */
export function buildMcpUrl(siteUrl: string): string {
  return `${siteUrl}${MCP_PATH}`;
}

/**
 * What an agent reads once at `initialize`: what the catalog is, the flow, and the limits
 * (so it does not promise a person a finished video).
 */
export function buildMcpInstructions(siteUrl: string): string {
  return [
    'A public, read-only catalog of promo and launch video templates (free and premium, in 16:9 and 9:16).',
    'Flow: 1) search_templates to find candidates by free text and filters (category, tier, format);',
    '2) get_template for the full details of one (price, duration, formats, editable parts, example videos);',
    "3) studio_link to build the address that opens it in the studio, filled with the brand read from the person's website.",
    'Give that link to the person: they open it, adjust the video and export it in the studio with their own account;',
    'premium templates are paid per export.',
    'This server cannot make, render, edit or export videos, and cannot reach accounts, drafts or exports; it creates nothing.',
    `One-off custom animation work is requested at ${siteUrl}/requests. Human guide: ${siteUrl}/docs.`,
  ].join(' ');
}
