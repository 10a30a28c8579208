/**
 * Names of the HTTP headers the service defines or reads beyond the plain HTTP ones: written
 * once here, read by the server that sends them, openapi.json that documents them and the docs.
 */

/** The rate-limit fields (draft-ietf-httpapi-ratelimit-headers-07 and the X-RateLimit-* trio), in the order they are sent. */
export const RATE_LIMIT_HEADERS = ['RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/** Seconds to wait after a 429. */
export const RETRY_AFTER = 'Retry-After';

/** /api/v1 deprecation (RFC 9745, RFC 8594) and the links that explain it. */
export const DEPRECATION_HEADERS = ['Deprecation', 'Sunset', 'Link'] as const;

/** Headers of MCP's streamable HTTP transport that clients send (2026-07-28 adds Mcp-Method and Mcp-Name). */
export const MCP_REQUEST_HEADERS = ['Mcp-Protocol-Version', 'Mcp-Session-Id', 'Mcp-Method', 'Mcp-Name', 'Last-Event-ID'] as const;

/** The request id every answer carries: a usable one the client or proxy sent, else a new one; logged, and repeated in error bodies. */
export const REQUEST_ID = 'X-Request-Id';

/** The build that answered (its folder name, as /readyz and the logs name it): on every answer of the origin and the Node function, so a publish is seen taking effect. */
export const BUILD_ID = 'X-Catalog-Build';

/** Security headers the server sets on answers (their values are the server's, in security-headers.ts). */
export const REFERRER_POLICY = 'Referrer-Policy';
export const STRICT_TRANSPORT_SECURITY = 'Strict-Transport-Security';
export const CROSS_ORIGIN_OPENER_POLICY = 'Cross-Origin-Opener-Policy';
export const CROSS_ORIGIN_RESOURCE_POLICY = 'Cross-Origin-Resource-Policy';

/** The scheme the client used, as the proxy in front says it (read only from a trusted hop). */
export const FORWARDED_PROTO = 'X-Forwarded-Proto';

/**
 * What a search did not find, for the access log (search-note.ts): set by the answers that run
 * a search (the REST list, /search.md, MCP's search_templates), taken off the answer by
 * the Node shapes for their request line and dropped by workerd: never sent to a client.
 */
export const SEARCH_NOTE = 'X-Search-Unmatched';
