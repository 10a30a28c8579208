import { AI_CATALOG_MEDIA_TYPE, AI_CATALOG_PATH, API_CATALOG_PATH, ARD_PATH } from '../discovery/discovery-paths.ts';
import { MARKDOWN_TYPE } from '../../core/markdown/markdown-response.ts';
import { toHtmlPath, toMarkdownPath } from '../../core/links/to-markdown-path.ts';
import { OPENAPI_MEDIA_TYPE } from './build-api-catalog.ts';

/** One link of a `Link` header (RFC 8288): target, relation and the target's media type. */
export interface WebLink {
  href: string;
  rel: string;
  type?: string;
}

/**
 * What every page points an agent to: the API catalog (RFC 9727), the API's description and
 * guide (RFC 8631), llms.txt (`describedby`) and the ARD manifest (`ard`, Agentic Resource
 * Discovery §5.1; `ai-catalog` names its legacy address, for readers that still follow it).
 */
export function listSiteLinks(siteUrl: string): WebLink[] {
  return [
    { href: `${siteUrl}${API_CATALOG_PATH}`, rel: 'api-catalog' },
    { href: `${siteUrl}/openapi.json`, rel: 'service-desc', type: OPENAPI_MEDIA_TYPE },
    { href: `${siteUrl}/docs`, rel: 'service-doc', type: 'text/html' },
    { href: `${siteUrl}/llms.txt`, rel: 'describedby', type: 'text/plain' },
    { href: `${siteUrl}${ARD_PATH}`, rel: 'ard', type: AI_CATALOG_MEDIA_TYPE },
    { href: `${siteUrl}${AI_CATALOG_PATH}`, rel: 'ai-catalog', type: AI_CATALOG_MEDIA_TYPE },
  ];
}

/** RFC 9727 §2: the catalog names itself, so a HEAD request finds it. */
export function listApiCatalogLinks(siteUrl: string): WebLink[] {
  return [{ href: `${siteUrl}${API_CATALOG_PATH}`, rel: 'api-catalog' }];
}

/** The field value of a `Link` header: `<href>; rel="…"; type="…"`, comma-separated. */
export function formatLinkHeader(links: readonly WebLink[]): string {
  return links.map((l) => `<${l.href}>; rel="${l.rel}"${l.type ? `; type="${l.type}"` : ''}`).join(', ');
}

/** The file of the client folder a page address is served from (`/` → index.html, `/docs` → docs.html). */
export const toPageFile = (page: string): string => (page === '/' ? 'index.html' : `${page.slice(1)}.html`);

/**
 * The `Link` of a prerendered file's answer, or undefined when it carries none: every page and
 * Markdown twin points to the site's links plus its twin as `alternate` (when `has(file)` says
 * the build holds it, a path relative to the client folder); the API catalog names itself (RFC
 * 9727 §2). Files of /.well-known (a SKILL.md, for one) are documents, not pages.
 */
export function selectFileLinks(siteUrl: string, path: string, contentType: string, has: (file: string) => boolean): string | undefined {
  if (path === API_CATALOG_PATH) return formatLinkHeader(listApiCatalogLinks(siteUrl));
  if (path.startsWith('/.well-known/')) return undefined;
  const links: WebLink[] = listSiteLinks(siteUrl);
  if (contentType.startsWith('text/html')) {
    const twin = toMarkdownPath(path);
    if (twin && has(twin.slice(1))) links.push({ href: `${siteUrl}${twin}`, rel: 'alternate', type: MARKDOWN_TYPE.split(';')[0] });
  } else if (contentType.startsWith('text/markdown') && path.endsWith('.md')) {
    const page = toHtmlPath(path);
    if (has(toPageFile(page))) links.push({ href: `${siteUrl}${page}`, rel: 'alternate', type: 'text/html' });
  } else return undefined;
  return formatLinkHeader(links);
}
