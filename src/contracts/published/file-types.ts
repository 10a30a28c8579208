import { lookup } from 'mrmime';
import { PUBLISHED_MEDIA_TYPES } from '../discovery/discovery-paths.ts';

/** What an extension-less file under /api/ is: the JSON of one template. */
export const API_FILE_TYPE = 'application/json';

/**
 * The Content-Type of a published file: the type guessed from its name, corrected where it is
 * wrong or too vague. Text gets an explicit charset; extension-less files under /api/ are JSON.
 */
export function resolveContentType(guessed: string, path: string): string {
  const byPath = PUBLISHED_MEDIA_TYPES[path];
  if (byPath) return byPath;
  if (!guessed) return path.startsWith('/api/') ? API_FILE_TYPE : 'application/octet-stream';
  const type = guessed.split(';')[0]!.trim();
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/** The Content-Type the origin sends for a file of this name: sirv's guess (mrmime's table), corrected as above. */
export function typeOfFile(path: string): string {
  return resolveContentType(lookup(path) ?? '', path);
}
