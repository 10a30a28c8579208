import { createHash } from 'node:crypto';

/** A strong validator from the bytes themselves, so every instance and the CDN agree on it. */
export function computeEtag(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * True when `If-None-Match` names this ETag (weak comparison, as RFC 9110 §13.1.2 asks for
 * If-None-Match) or is `*`.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  const want = opaque(etag);
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || opaque(tag) === want) return true;
  }
  return false;
}
