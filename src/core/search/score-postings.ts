import { quantizeScore, type Postings } from './postings-codec.ts';
import { BM25, FIELD_BOOSTS, STRONG_FIELD_BONUS } from './ranking.ts';
import { INDEXED_FIELDS, type WordCounts } from './count-words.ts';

const FIELD_COUNT = INDEXED_FIELDS.length;
const BOOSTS = INDEXED_FIELDS.map((field) => FIELD_BOOSTS[field]);
// Title and tags: a word in either earns the strong-field bonus.
const STRONG_FIELDS = (1 << INDEXED_FIELDS.indexOf('title')) | (1 << INDEXED_FIELDS.indexOf('tags'));

/** BM25+ of one field, its inverse document frequency given: the very operations of the old build, so the same bits. */
const weighField = (idf: number, tf: number, length: number, avg: number) =>
  idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)));

/** Sorted vocabulary: the terms (code-unit order) and each word id's position among them. */
function sortWords({ table }: WordCounts): { terms: string[]; rank: Int32Array } {
  // The default sort calls no comparator: 59,134 words (50,000 realistic templates) in 53 ms, ids with a comparator 64 ms.
  const terms = [...table.words].sort();
  const rank = new Int32Array(terms.length);
  for (let r = 0; r < terms.length; r++) rank[table.idOf(terms[r]!)] = r;
  return { terms, rank };
}

/**
 * The postings of counted words: per term (sorted), its templates ascending with their scores,
 * the strong-field bonus plus each field's boosted BM25+, added in the word's field order (see
 * WordCounts.fieldOrder). Entries come template by template, so each term's list fills in
 * ascending order with no sort.
 */
export function scorePostings(counts: WordCounts, templateCount: number): { terms: string[]; postings: Postings } {
  const { entryStarts, entryWords, entryFields, frequencies, bigFrequencies, fieldDocs, docCounts, fieldOrder, lengths } = counts;
  const readFrequency = (at: number) => (frequencies[at] === 255 ? bigFrequencies.get(at)! : frequencies[at]!);
  const { terms, rank } = sortWords(counts);
  const avg = lengths.map((l) => l.reduce((a, b) => a + b, 0) / Math.max(1, l.length) || 1);
  // Per word and field, as fieldDocs: the inverse document frequency.
  const idf = new Float64Array(fieldDocs.length);
  for (let k = 0; k < idf.length; k++) if (fieldDocs[k] !== 0) idf[k] = Math.log(1 + (templateCount - fieldDocs[k]! + 0.5) / (fieldDocs[k]! + 0.5));

  const starts = new Int32Array(terms.length + 1);
  for (let id = 0; id < terms.length; id++) starts[rank[id]! + 1] = docCounts[id]!;
  for (let r = 0; r < terms.length; r++) starts[r + 1]! += starts[r]!;
  const next = Int32Array.from(rank, (r) => starts[r]!);
  const docs = new Int32Array(starts[terms.length]!);
  const scores = new Float32Array(docs.length);
  const tf = new Int32Array(FIELD_COUNT);
  let at = 0;
  for (let d = 0; d < templateCount; d++) {
    for (let e = entryStarts[d]!; e < entryStarts[d + 1]!; e++) {
      const id = entryWords[e]!;
      const fields = entryFields[e]!;
      let score = fields & STRONG_FIELDS ? STRONG_FIELD_BONUS : 0;
      if ((fields & (fields - 1)) === 0) {
        const f = 31 - Math.clz32(fields);
        score += BOOSTS[f]! * weighField(idf[id * FIELD_COUNT + f]!, readFrequency(at++), lengths[f]![d]!, avg[f]!);
      } else {
        for (let f = 0; f < FIELD_COUNT; f++) if (fields & (1 << f)) tf[f] = readFrequency(at++);
        for (let order = fieldOrder[id]!; order !== 0; order >>>= 3) {
          const f = (order & 7) - 1;
          if (fields & (1 << f)) score += BOOSTS[f]! * weighField(idf[id * FIELD_COUNT + f]!, tf[f]!, lengths[f]![d]!, avg[f]!);
        }
      }
      const p = next[id]!++;
      docs[p] = d;
      scores[p] = quantizeScore(score);
    }
  }
  return { terms, postings: { starts, docs, scores } };
}
