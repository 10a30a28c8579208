import { PUBLISHED_MEDIA_TYPES } from '../../contracts/discovery/discovery-paths.ts';

/** Hashed build assets never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else is revalidated on each use (cheap with ETag) so a deploy shows at once. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

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

/** Cache-Control of a published file. */
export function selectCacheControl(path: string): string {
  return path.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE;
}

/** HTML pages and their Markdown twins: the representations chosen by `Accept`. */
export function isPageType(contentType: string): boolean {
  return contentType.startsWith('text/html') || contentType.startsWith('text/markdown');
}
