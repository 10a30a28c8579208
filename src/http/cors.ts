import { CACHE_HEADERS } from '../core/cdn/cache-policy.ts';
import { ALLOWED_REQUEST_HEADERS } from '../core/cors-headers.ts';

/** How long a browser may reuse a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = '86400';

/**
 * The 204 answer to OPTIONS (a CORS preflight or a plain capability question). The CORS values
 * themselves are in src/core/cors-headers.ts, which the static hosts' rules read too.
 */
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
