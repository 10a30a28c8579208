import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatLinkHeader, listSiteLinks, selectFileLinks } from '../../contracts/published/build-page-links.ts';
import { MARKDOWN_TYPE } from '../../core/markdown/markdown-response.ts';
import { toHtmlPath, toMarkdownPath } from '../../core/links/to-markdown-path.ts';
import { isMarkdownPath } from '../../http/markdown-negotiation.ts';

/** The `Link` field of an answer, or undefined when it carries none. */
export type LinkHeaderFor = (path: string, contentType: string) => string | undefined;

/** `Link` headers (RFC 8288) for the build's files (build-page-links.ts), the twin looked up on disk. */
export function createLinkHeaders(siteUrl: string, clientDir: string): LinkHeaderFor {
  const has = (file: string) => existsSync(join(clientDir, file));
  return (path, contentType) => selectFileLinks(siteUrl, path, contentType, has);
}

