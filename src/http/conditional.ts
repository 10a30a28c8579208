const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** The entity tags of an If-Match or If-None-Match list. */
export function splitTags(header: string): string[] {
  return header.split(',').map((t) => t.trim()).filter(Boolean);
}

/**
 * True when `If-None-Match` names this ETag (weak comparison, as RFC 9110 §13.1.2 asks for
 * If-None-Match) or is `*`: the one test behind every 304 of the origin and the function.
 */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  const want = opaque(etag);
  return splitTags(header).some((tag) => tag === '*' || opaque(tag) === want);
}
