import type { CacheClass } from '../../core/cdn/cache-policy.ts';
import { PUBLISHED_MEDIA_TYPES } from '../../contracts/discovery/discovery-paths.ts';

/**
 * The Content-Type to send: sirv's guess from the file name, corrected where it is wrong or
 * too vague. Text gets an explicit charset; extension-less files under /api/ are JSON.
 */
export function resolveContentType(guessed: string, path: string): string {
  const byPath = PUBLISHED_MEDIA_TYPES[path];
  if (byPath) return byPath;
  if (!guessed) return path.startsWith('/api/') ? 'application/json' : 'application/octet-stream';
  const type = guessed.split(';')[0]!.trim();
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/** HTML pages and their Markdown twins: the representations chosen by `Accept`. */
export function isPageType(contentType: string): boolean {
  return contentType.startsWith('text/html') || contentType.startsWith('text/markdown');
}

/**
 * The cache class of a file answer: its route's (hashed assets, published files, pages), where a
 * page address answers a page only when `Accept` chose among HTML and Markdown (an address
 * without an extension); any status but 200 is not stored.
 */
export function selectFileClass(routeClass: CacheClass, contentType: string, status: number, negotiated: boolean): CacheClass {
  if (status !== 200) return 'none';
  if (routeClass === 'page') return negotiated && isPageType(contentType) ? 'page' : 'published';
  return routeClass;
}
