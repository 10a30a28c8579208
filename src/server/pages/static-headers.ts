import type { CacheClass } from '../../core/cdn/cache-policy.ts';

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
