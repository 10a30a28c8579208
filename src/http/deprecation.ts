import type { Config } from '../schemas/config.ts';

/**
 * `Deprecation` (RFC 9745, `@` + Unix seconds), `Sunset` (RFC 8594, IMF-fixdate in GMT) and
 * `Link` to where the change is explained, for every /api/v1 answer; none when unset.
 */
export function buildDeprecationHeaders(config: Config): string[] {
  if (!config.API_V1_DEPRECATION) return [];
  const info = `${config.SITE_URL}/docs#versioning`;
  const headers = ['Deprecation', `@${Math.floor(Date.parse(config.API_V1_DEPRECATION) / 1000)}`];
  const links = [`<${info}>; rel="deprecation"; type="text/html"`];
  if (config.API_V1_SUNSET) {
    headers.push('Sunset', new Date(config.API_V1_SUNSET).toUTCString());
    links.push(`<${info}>; rel="sunset"; type="text/html"`);
  }
  headers.push('Link', links.join(', '));
  return headers;
}
