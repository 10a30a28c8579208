import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_CATALOG_PATH } from '../../contracts/discovery/discovery-paths.ts';
import { formatLinkHeader, listApiCatalogLinks, listSiteLinks, type WebLink } from '../../contracts/published/build-page-links.ts';
import { MARKDOWN_TYPE } from '../../core/markdown/markdown-response.ts';
import { toHtmlPath, toMarkdownPath } from '../../core/links/to-markdown-path.ts';
import { isMarkdownPath } from './markdown-negotiation.ts';

/** The `Link` field of an answer, or undefined when it carries none. */
export type LinkHeaderFor = (path: string, contentType: string) => string | undefined;

/**
 * `Link` headers (RFC 8288) for the build's files: every page and Markdown twin points to the
 * API catalog, service-desc, service-doc, describedby and the AI Catalog, plus its twin as
 * `alternate` (when the build has it); the API catalog names itself (RFC 9727 §2). Files of
 * /.well-known (a SKILL.md, for one) are documents, not pages.
 */
export function createLinkHeaders(siteUrl: string, clientDir: string): LinkHeaderFor {
  const site = listSiteLinks(siteUrl);
  const catalog = formatLinkHeader(listApiCatalogLinks(siteUrl));
  const has = (file: string) => existsSync(join(clientDir, file));
  return (path, contentType) => {
    if (path === API_CATALOG_PATH) return catalog;
    if (path.startsWith('/.well-known/')) return undefined;
    const links: WebLink[] = [...site];
    if (contentType.startsWith('text/html')) {
      const twin = toMarkdownPath(path);
      if (twin && has(twin)) links.push({ href: `${siteUrl}${twin}`, rel: 'alternate', type: MARKDOWN_TYPE.split(';')[0] });
    } else if (contentType.startsWith('text/markdown') && isMarkdownPath(path)) {
      const page = toHtmlPath(path);
      if (has(page === '/' ? 'index.html' : `${page}.html`)) links.push({ href: `${siteUrl}${page}`, rel: 'alternate', type: 'text/html' });
    } else return undefined;
    return formatLinkHeader(links);
  };
}

export { createOnDemandLinks } from '../../http/on-demand-links.ts';
