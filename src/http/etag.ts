import { createHash } from 'node:crypto';

/**
 * A strong validator from the bytes themselves, so every instance, the function and the CDN
 * agree on it. node:crypto rather than Web Crypto: its digest is synchronous (workerd offers it
 * under nodejs_compat, which the core already needs).
 */
export function computeEtag(body: Uint8Array | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The validator of a compressed body: its own per coding (RFC 9110 §8.8.3), derived from the identity one. */
export function toCodedEtag(etag: string, coding: string | undefined): string {
  return coding ? `${etag.slice(0, -1)}-${coding}"` : etag;
}
