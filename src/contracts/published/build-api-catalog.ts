import { API_CATALOG_PATH, SERVER_CARD_MEDIA_TYPE, SERVER_CARD_WELL_KNOWN_PATH } from '../discovery/discovery-paths.ts';

/** A Link Target Object of an RFC 9264 linkset. */
interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
}

/** The RFC 9727 API catalog: an RFC 9264 linkset (served as application/linkset+json). */
export interface ApiCatalog {
  linkset: ({ anchor: string } & Record<string, LinkTarget[] | string>)[];
}

/** Media type of an OpenAPI 3.1 JSON description. */
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json;version=3.1';

/**
 * `/.well-known/api-catalog`: the catalog itself names its two APIs (`item`), then each API
 * gets its description (`service-desc`) and its human guide (`service-doc`).
 */
export function buildApiCatalog(siteUrl: string): ApiCatalog {
  const rest = `${siteUrl}/api/v1`;
  const mcp = `${siteUrl}/api/mcp`;
  const guide = { href: `${siteUrl}/docs`, type: 'text/html' };
  return {
    linkset: [
      {
        anchor: `${siteUrl}${API_CATALOG_PATH}`,
        item: [
          { href: rest, title: 'Template Catalog REST API v1' },
          { href: mcp, title: 'Template Catalog MCP server' },
        ],
      },
      {
        anchor: rest,
        'service-desc': [{ href: `${siteUrl}/openapi.json`, type: OPENAPI_MEDIA_TYPE }],
        'service-doc': [guide, { href: `${siteUrl}/docs.md`, type: 'text/markdown' }],
      },
      {
        anchor: mcp,
        'service-desc': [{ href: `${siteUrl}${SERVER_CARD_WELL_KNOWN_PATH}`, type: SERVER_CARD_MEDIA_TYPE }],
        'service-doc': [guide],
      },
    ],
  };
}
