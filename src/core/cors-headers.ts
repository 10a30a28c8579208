import { DEPRECATION_HEADERS, MCP_REQUEST_HEADERS, RATE_LIMIT_HEADERS, REQUEST_ID, RETRY_AFTER } from './header-names.ts';

/** Headers a browser script may read from our answers. */
export const EXPOSED_HEADERS = [...RATE_LIMIT_HEADERS, RETRY_AFTER, ...DEPRECATION_HEADERS, 'ETag', REQUEST_ID, 'Mcp-Session-Id', 'Mcp-Protocol-Version'].join(', ');

/** Request headers a cross-origin caller may send (MCP clients send the Mcp-* ones). */
export const ALLOWED_REQUEST_HEADERS = ['Content-Type', 'Accept', ...MCP_REQUEST_HEADERS, 'If-None-Match', REQUEST_ID].join(', ');

/**
 * CORS for public, credential-less data: any origin may read it. No cookies are ever set, so
 * `*` is safe and keeps answers cacheable without `Vary: Origin`. Values only, so the server,
 * the function and the static hosts' rules send the same ones.
 */
export const CORS_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin', '*',
  'Access-Control-Expose-Headers', EXPOSED_HEADERS,
];
