import { CACHE_HEADERS, type CacheClass } from '../core/cdn/cache-policy.ts';
import { CORS_HEADERS } from '../core/cors-headers.ts';
import { COMMON_SECURITY_HEADERS } from '../core/page-security.ts';

/** HTML pages and their Markdown twins: the representations chosen by `Accept`. */
export function isPageType(contentType: string): boolean {
  return contentType.startsWith('text/html') || contentType.startsWith('text/markdown');
}

/**
 * True for a page: HTML or Markdown on a page route, whatever its address (`/x`, `/x.md`,
 * `/x.html`). Its headers depend on the route only, not on which file answered, so a host rule
 * for a folder of pages (`/templates/*`) carries them all.
 */
export function isPageAnswer(routeClass: CacheClass, contentType: string): boolean {
  return routeClass === 'page' && isPageType(contentType);
}

/**
 * The cache class of a file answer: its route's (hashed assets, published files, pages); on a
 * page route anything but HTML and Markdown is a published file; any status but 200 is not stored.
 */
export function selectFileClass(routeClass: CacheClass, contentType: string, status: number): CacheClass {
  if (status !== 200) return 'none';
  if (routeClass === 'page') return isPageType(contentType) ? 'page' : 'published';
  return routeClass;
}

/** What a file answer's headers are made from besides its path and type. */
export interface FileHeaderParts {
  /** The page headers (CSP and isolation: buildPageSecurityHeaders), sent on page answers. */
  pageSecurity: readonly string[];
  /** The cache-tag header pairs of the answer at a path. */
  tagHeaders: (path: string) => readonly string[];
  /** The Link header of the answer at a path, if any. */
  linkFor: (path: string, contentType: string) => string | undefined;
}

/**
 * The headers of a file answer at `path` (before its ETag, Accept-Ranges and Content-Length),
 * as the origin sends for a file of the build and the tail's on-demand answers repeat: type,
 * the cache class's headers, tags, CORS, the page or common security headers, the coding of a
 * precompressed sibling, Link.
 */
export function buildFileHeaders(path: string, type: string, routeClass: CacheClass, status: number, parts: FileHeaderParts, encoding?: string): string[] {
  const cls = selectFileClass(routeClass, type, status);
  const headers = [
    'Content-Type', type,
    ...CACHE_HEADERS[cls],
    ...(cls === 'none' ? [] : parts.tagHeaders(path)),
    ...CORS_HEADERS,
    ...(isPageAnswer(routeClass, type) ? parts.pageSecurity : COMMON_SECURITY_HEADERS),
  ];
  if (encoding !== undefined) headers.push('Content-Encoding', encoding);
  const link = parts.linkFor(path, type);
  if (link) headers.push('Link', link);
  return headers;
}

/**
 * A redirect among the files (a published redirect, the un-hashed social image): where it
 * goes, then what a file of its route carries (cache class, cache tags, CORS, the common
 * security headers), as name/value pairs.
 */
export function buildRedirectPairs(location: string, cache: CacheClass, tags: readonly string[]): string[] {
  return ['Location', location, ...CACHE_HEADERS[cache], ...tags, ...CORS_HEADERS, ...COMMON_SECURITY_HEADERS];
}
