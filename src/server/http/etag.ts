import { createHash } from 'node:crypto';

/** A strong validator from the bytes themselves, so every instance and the CDN agree on it. */
export function computeEtag(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
