/**
 * The postings of every index word, flat: word w's templates are docs[starts[w]..starts[w+1]]
 * (ascending) with their scores alongside. Serialized as varint doc gaps and 16-bit scores,
 * about 3 bytes a posting, where MiniSearch's JSON spent ~12.
 */
export interface Postings {
  starts: Int32Array;
  docs: Int32Array;
  scores: Float32Array;
  /**
   * Postings decoded a word at a time (decodePostingsLazily): decodes these words' docs and
   * scores if not yet. A search calls it with every word a query's plan reads
   * (create-template-search.ts); anything reading every word's postings calls `fillAll`.
   */
  fill?(terms: Iterable<number>): void;
}

/** Decodes every word of `postings` where they are read lazily (a whole-index pass). */
export function fillAll(postings: Postings): void {
  postings.fill?.(Array.from({ length: postings.starts.length - 1 }, (_, t) => t));
}

/** One template's score for one word. */
export interface Posting {
  doc: number;
  score: number;
}

/** Score resolution: 1/64, up to 1023.98. */
const SCALE = 64;
const MAX_SCORE = 0xffff;

/** A score as the postings keep it: to 1/64, at least 1/64, at most MAX_SCORE/64. */
export const quantizeScore = (score: number): number => Math.max(1, Math.min(MAX_SCORE, Math.round(score * SCALE))) / SCALE;

/** Flattens per-word posting lists (any order within a list) into Postings. */
export function flattenPostings(lists: readonly (readonly Posting[])[]): Postings {
  const total = lists.reduce((n, l) => n + l.length, 0);
  const out: Postings = { starts: new Int32Array(lists.length + 1), docs: new Int32Array(total), scores: new Float32Array(total) };
  let at = 0;
  lists.forEach((list, w) => {
    out.starts[w] = at;
    for (const p of [...list].sort((a, b) => a.doc - b.doc)) {
      out.docs[at] = p.doc;
      out.scores[at++] = quantizeScore(p.score);
    }
  });
  out.starts[lists.length] = at;
  return out;
}

/** Bytes of n as a varint (7 bits a byte). */
const varintBytes = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/**
 * Postings as bytes: per word, its count, the doc gaps (varints), then the scores (uint16 LE).
 * Sized exactly first, then written with no bound checks, where a buffer grown by half checked
 * its room before every number: 2,162,508 postings (50,000 realistic templates) 85 → 67 ms,
 * 10,000: 28 → 14 ms (medians of 9 runs alternating with the old encoder).
 */
export function encodePostings(p: Postings): Uint8Array {
  const { starts, docs, scores } = p;
  const words = starts.length - 1;
  let size = 0;
  for (let w = 0; w < words; w++) {
    const to = starts[w + 1]!;
    size += varintBytes(to - starts[w]!) + 2 * (to - starts[w]!);
    for (let i = starts[w]!, prev = 0; i < to; prev = docs[i++]!) size += varintBytes(docs[i]! - prev);
  }
  const out = new Uint8Array(size);
  let at = 0;
  const varint = (n: number) => {
    while (n > 0x7f) {
      out[at++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    out[at++] = n;
  };
  for (let w = 0; w < words; w++) {
    const [from, to] = [starts[w]!, starts[w + 1]!];
    varint(to - from);
    for (let i = from, prev = 0; i < to; prev = docs[i++]!) varint(docs[i]! - prev);
    for (let i = from; i < to; i++) {
      const score = Math.round(scores[i]! * SCALE);
      out[at++] = score & 0xff;
      out[at++] = score >>> 8;
    }
  }
  return out;
}

/**
 * One word's `count` docs (gaps) and scores from `at` into docs and scores from `n`; returns
 * where they end: -1 when the bytes do not fit, -2 when a doc is `docCount` or past it. A
 * function of its own so that it is optimized after a few words: decoding all 2,460,429
 * postings of 100,000 templates in one loop took ~200 ms of a cold start, most of it before
 * the loop was optimized (this: ~110 ms).
 */
function decodeWord(bytes: Uint8Array, at: number, count: number, docs: Int32Array, scores: Float32Array, n: number, docCount: number): number {
  const end = bytes.length;
  let doc = 0;
  for (let i = n, stop = n + count; i < stop; i++) {
    if (at >= end) return -1;
    let b = bytes[at++]!;
    if (b < 0x80) doc += b;
    else {
      let gap = b & 0x7f;
      for (let shift = 7; ; shift += 7) {
        if (at >= end || shift > 28) return -1;
        b = bytes[at++]!;
        gap |= (b & 0x7f) << shift;
        if (b < 0x80) break;
      }
      doc += gap >>> 0;
    }
    docs[i] = doc;
  }
  // Gaps are never negative: the last doc is the largest.
  if (doc >= docCount) return -2;
  if (at + count * 2 > end) return -1;
  for (let i = n, stop = n + count; i < stop; i++, at += 2) scores[i] = (bytes[at]! | (bytes[at + 1]! << 8)) / SCALE;
  return at;
}

/**
 * A word's count (a varint) at `at`, and the bytes it took: count × 8 + bytes (at most 5), one
 * number rather than a pair a word. Throws when it runs past the bytes.
 */
function readCount(bytes: Uint8Array, at: number): number {
  let count = 0;
  for (let shift = 0, used = 1; ; shift += 7, used++) {
    if (at >= bytes.length || shift > 28) throw new Error('postings are truncated');
    const b = bytes[at++]!;
    count |= (b & 0x7f) << shift;
    if (b < 0x80) return (count >>> 0) * 8 + used;
  }
}

/**
 * Walks the words' blocks as encodePostings wrote them: for each, `word(w, at, count, n)` takes
 * its `count` postings from `at` (the first numbered `n`) and says where they end: -1 when they
 * do not fit, -2 when one names a template past `docCount`. Returns each word's first posting.
 */
function walkWords(bytes: Uint8Array, termCount: number, word: (w: number, at: number, count: number, n: number) => number): { starts: Int32Array; total: number } {
  const starts = new Int32Array(termCount + 1);
  let at = 0;
  let n = 0;
  for (let w = 0; w < termCount; w++) {
    starts[w] = n;
    const read = readCount(bytes, at);
    const count = Math.floor(read / 8);
    at = word(w, at + (read % 8), count, n);
    if (at === -2) throw new Error('postings name a template the index does not have');
    if (at < 0) throw new Error('postings are truncated');
    n += count;
  }
  if (at !== bytes.length) throw new Error('postings have trailing bytes');
  starts[termCount] = n;
  return { starts, total: n };
}

/** Reads what encodePostings wrote for `termCount` words; throws when the bytes do not fit. */
export function decodePostings(bytes: Uint8Array, termCount: number, docCount: number): Postings {
  // Each posting takes 3 bytes or more: a bound for the arrays, whose used part is kept (not copied).
  const docs = new Int32Array(Math.floor(bytes.length / 3));
  const scores = new Float32Array(docs.length);
  const { starts, total } = walkWords(bytes, termCount, (_, at, count, n) =>
    n + count > docs.length || at + count * 3 > bytes.length ? -1 : decodeWord(bytes, at, count, docs, scores, n, docCount),
  );
  return { starts, docs: docs.subarray(0, total), scores: scores.subarray(0, total) };
}

/**
 * What encodePostings wrote, with each word's docs and scores decoded only when `fill` asks for
 * them: one pass reads the counts and skips the rest (each doc gap ends at a byte below 0x80).
 * A cold isolate's one search reads a few words of 100,000; decoding all 2.5 million postings
 * took 115-290 ms of it (docs/scale.md). Throws when the counts do not fit the bytes; a word
 * whose bytes do not decode throws when filled.
 */
export function decodePostingsLazily(bytes: Uint8Array, termCount: number, docCount: number): Postings {
  const offsets = new Int32Array(termCount);
  const { starts, total: n } = walkWords(bytes, termCount, (w, at, count) => {
    offsets[w] = at;
    const end = skipGaps(bytes, at, count);
    return end < 0 || end + count * 2 > bytes.length ? -1 : end + count * 2;
  });
  const docs = new Int32Array(n);
  const scores = new Float32Array(n);
  const done = new Uint8Array(termCount);
  const fill = (terms: Iterable<number>) => {
    for (const t of terms) {
      if (done[t] || t < 0 || t >= termCount) continue;
      const status = decodeWord(bytes, offsets[t]!, starts[t + 1]! - starts[t]!, docs, scores, starts[t]!, docCount);
      if (status === -2) throw new Error('postings name a template the index does not have');
      if (status < 0) throw new Error('postings are truncated');
      done[t] = 1;
    }
  };
  return { starts, docs, scores, fill };
}

/** Where `count` varint gaps from `at` end (-1 past the bytes): a gap ends at its first byte below 0x80. */
function skipGaps(bytes: Uint8Array, at: number, count: number): number {
  const end = bytes.length;
  for (let seen = 0; seen < count; at++) {
    if (at >= end) return -1;
    if (bytes[at]! < 0x80) seen++;
  }
  return at;
}
