const LABEL = /^[a-z]([a-z0-9-]*[a-z0-9])?$/;
const RESERVED = new Set(['mcp', 'modelcontextprotocol']);

/**
 * Reverse-DNS namespace of this deployment, from SITE_URL's host (`catalog.acme.com` ->
 * `com.acme.catalog`). It prefixes the server card's `name` and every `_meta` key the
 * service publishes. A host whose labels break the `_meta` key rules (IP addresses, labels
 * starting with a digit, MCP-reserved labels) falls back to `localhost`, which always fits.
 */
export function buildMcpNamespace(siteUrl: string): string {
  const labels = new URL(siteUrl).hostname.toLowerCase().split('.').reverse();
  const fits = labels.every((l) => LABEL.test(l)) && !labels.slice(0, -1).some((l) => RESERVED.has(l));
  return fits ? labels.join('.') : 'localhost';
}

/** `_meta` key under which a failed tool result carries the Error body. */
export function buildErrorMetaKey(siteUrl: string): string {
  return `${buildMcpNamespace(siteUrl)}/error`;
}
