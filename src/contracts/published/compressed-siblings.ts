/**
 * Below this a compressed body saves less than its headers cost: a file this small gets no
 * siblings, and a body this small is sent as it is (src/http/content-coding.ts), so a file and
 * its on-demand twin are sent alike.
 */
export const MIN_COMPRESSED_BYTES = 1024;

/** Extensions the precompression gives its siblings (`x.html.br`); the original is what a client asks for. */
export const SIBLING_EXTENSIONS: readonly string[] = ['br', 'gz'];
const SIBLING = new RegExp(`\\.(${SIBLING_EXTENSIONS.join('|')})$`);

/**
 * True when `file` is named like a `.br`/`.gz` sibling (it is one when its original exists
 * too). A sibling is never an address of its own, on any shape: it is its original's bytes in
 * another encoding, chosen by Accept-Encoding.
 */
export function isCompressedSibling(file: string): boolean {
  return SIBLING.test(file);
}
