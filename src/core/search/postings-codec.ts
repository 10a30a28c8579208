/**
 * The postings of every index word, flat: word w's templates are docs[starts[w]..starts[w+1]]
 * (ascending) with their scores alongside. Serialized as varint doc gaps and 16-bit scores,
 * about 3 bytes a posting, where MiniSearch's JSON spent ~12.
 */
export interface Postings {
  starts: Int32Array;
  docs: Int32Array;
  scores: Float32Array;
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

/** Reads what encodePostings wrote for `termCount` words; throws when the bytes do not fit. */
export function decodePostings(bytes: Uint8Array, termCount: number, docCount: number): Postings {
  let at = 0;
  const read = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      if (at >= bytes.length || shift > 28) throw new Error('postings are truncated');
      const b = bytes[at++]!;
      n |= (b & 0x7f) << shift;
      if (b < 0x80) return n >>> 0;
    }
  };
  const starts = new Int32Array(termCount + 1);
  // Each posting takes 3 bytes or more: a bound for the arrays, trimmed at the end.
  const docs = new Int32Array(Math.floor(bytes.length / 3));
  const scores = new Float32Array(docs.length);
  let n = 0;
  for (let w = 0; w < termCount; w++) {
    starts[w] = n;
    const count = read();
    if (n + count > docs.length || at + count * 3 > bytes.length) throw new Error('postings are truncated');
    for (let i = 0, doc = 0; i < count; i++) {
      doc += read();
      if (doc >= docCount) throw new Error('postings name a template the index does not have');
      docs[n + i] = doc;
    }
    if (at + count * 2 > bytes.length) throw new Error('postings are truncated');
    for (let i = 0; i < count; i++, at += 2) scores[n + i] = (bytes[at]! | (bytes[at + 1]! << 8)) / SCALE;
    n += count;
  }
  if (at !== bytes.length) throw new Error('postings have trailing bytes');
  starts[termCount] = n;
  return { starts, docs: docs.slice(0, n), scores: scores.slice(0, n) };
}
