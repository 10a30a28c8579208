/** The oracle's posting lists (src/core/search/postings-codec.ts at d2cd42b, verbatim): see search-index.ts beside it. */
import type { Postings } from '../../../../src/core/search/postings-codec.ts';

/** One template's score for one word. */
export interface Posting {
  doc: number;
  score: number;
}

/** Score resolution: 1/64, up to 1023.98. */
const SCALE = 64;
const MAX_SCORE = 0xffff;

/** Flattens per-word posting lists (any order within a list) into Postings. */
export function flattenPostings(lists: readonly (readonly Posting[])[]): Postings {
  const total = lists.reduce((n, l) => n + l.length, 0);
  const out: Postings = { starts: new Int32Array(lists.length + 1), docs: new Int32Array(total), scores: new Float32Array(total) };
  let at = 0;
  lists.forEach((list, w) => {
    out.starts[w] = at;
    for (const p of [...list].sort((a, b) => a.doc - b.doc)) {
      out.docs[at] = p.doc;
      out.scores[at++] = Math.max(1, Math.min(MAX_SCORE, Math.round(p.score * SCALE))) / SCALE;
    }
  });
  out.starts[lists.length] = at;
  return out;
}

/** Bytes appended to a buffer that grows by half when full (a number[] cost 8+ bytes a byte). */
class ByteSink {
  bytes: Uint8Array;
  length = 0;
  constructor(expected: number) {
    this.bytes = new Uint8Array(Math.max(64, expected));
  }
  room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.length + n, Math.ceil(this.bytes.length * 1.5)));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
  varint(n: number): void {
    this.room(5);
    while (n > 0x7f) {
      this.bytes[this.length++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.bytes[this.length++] = n;
  }
  uint16(n: number): void {
    this.room(2);
    this.bytes[this.length++] = n & 0xff;
    this.bytes[this.length++] = n >>> 8;
  }
}

/** Postings as bytes: per word, its count, the doc gaps, then the scores (uint16 LE). */
export function encodePostings(p: Postings): Uint8Array {
  const words = p.starts.length - 1;
  const sink = new ByteSink(words + p.docs.length * 4); // ~3 bytes a posting, so it rarely grows
  for (let w = 0; w < words; w++) {
    const [from, to] = [p.starts[w]!, p.starts[w + 1]!];
    sink.varint(to - from);
    for (let i = from, prev = 0; i < to; prev = p.docs[i++]!) sink.varint(p.docs[i]! - prev);
    for (let i = from; i < to; i++) sink.uint16(Math.round(p.scores[i]! * SCALE));
  }
  return sink.bytes.slice(0, sink.length);
}
