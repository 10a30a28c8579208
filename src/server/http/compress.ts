import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

/** Codings we produce, in our order of preference when the client rates them equally. */
const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/** Below this a compressed body saves less than its headers cost. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Brotli quality 5: on the 10,000-template list (~10 MB) it compresses about as well as gzip -9
 * at a fraction of quality 11's time (11 is meant for build-time files, see precompress.ts).
 */
const BROTLI_QUALITY = 5;

/**
 * The coding the client prefers among br and gzip (RFC 9110 §12.5.3, read by `negotiator`,
 * the Accept-Encoding parser of Express), or undefined for the identity body. The header is
 * only parsed when present: most API clients send none.
 */
export function selectCoding(req: IncomingMessage): Coding | undefined {
  const header = req.headers['accept-encoding'];
  if (!header) return undefined;
  const chosen = new Negotiator(req).encoding([...CODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** The body in the given coding. */
export function compress(body: Uint8Array, coding: Coding): Buffer {
  if (coding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
}
