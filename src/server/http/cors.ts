import { CACHE_HEADERS } from '../../core/cdn/cache-policy.ts';
import { DEPRECATION_HEADERS, MCP_REQUEST_HEADERS, RATE_LIMIT_HEADERS, REQUEST_ID, RETRY_AFTER } from '../../core/header-names.ts';

/** Headers a browser script may read from our answers. */
export const EXPOSED_HEADERS = [...RATE_LIMIT_HEADERS, RETRY_AFTER, ...DEPRECATION_HEADERS, 'ETag', REQUEST_ID, 'Mcp-Session-Id', 'Mcp-Protocol-Version'].join(', ');

/** Request headers a cross-origin caller may send (MCP clients send the Mcp-* ones). */
export const ALLOWED_REQUEST_HEADERS = ['Content-Type', 'Accept', ...MCP_REQUEST_HEADERS, 'If-None-Match', REQUEST_ID].join(', ');

/** How long a browser may reuse a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = '86400';

/**
 * CORS for public, credential-less data: any origin may read it. No cookies are ever set, so
 * `*` is safe and keeps answers cacheable without `Vary: Origin`.
 */
export const CORS_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin', '*',
  'Access-Control-Expose-Headers', EXPOSED_HEADERS,
];

/** The 204 answer to OPTIONS (a CORS preflight or a plain capability question). */
export function buildPreflightHeaders(allow: string): string[] {
  return [
    'Allow', allow,
    'Access-Control-Allow-Origin', '*',
    'Access-Control-Allow-Methods', allow,
    'Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS,
    'Access-Control-Max-Age', PREFLIGHT_MAX_AGE,
    ...CACHE_HEADERS.preflight,
  ];
}
