import Negotiator from 'negotiator';
import { MIN_COMPRESSED_BYTES } from '../contracts/published/compressed-siblings.ts';

/** Codings the service produces, in its order of preference when the client rates them equally. */
const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/** Compresses a body in a coding: the runtime's (node:zlib on Node); absent where the platform compresses itself (Cloudflare's edge). */
export type Compress = (body: Uint8Array, coding: Coding) => Uint8Array;

/**
 * The coding the client prefers among br and gzip (RFC 9110 §12.5.3, read by `negotiator`,
 * the Accept-Encoding parser of Express), or undefined for the identity body. The header is
 * only parsed when present: most API clients send none.
 */
export function selectCoding(acceptEncoding: string | null | undefined): Coding | undefined {
  if (!acceptEncoding) return undefined;
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding([...CODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** The coding a body of `size` bytes is sent in: the client's choice when a compressor runs and the body is worth it. */
export function chooseCoding(acceptEncoding: string | null, size: number, compress: Compress | undefined): Coding | undefined {
  return compress && size >= MIN_COMPRESSED_BYTES ? selectCoding(acceptEncoding) : undefined;
}
