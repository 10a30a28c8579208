import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Coding } from '../../http/content-coding.ts';

/**
 * Brotli quality 5: on the 10,000-template list (~10 MB) it compresses about as well as gzip -9
 * at a fraction of quality 11's time (11 is meant for build-time files, see precompress.ts).
 */
const BROTLI_QUALITY = 5;

/** The body in the given coding (the Node runtimes' Compress of src/http/content-coding.ts). */
export function compress(body: Uint8Array, coding: Coding): Buffer {
  if (coding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
}
