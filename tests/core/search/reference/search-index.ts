/**
 * The oracle: buildSearchIndex and serializeSearchIndex as they were before the index build was
 * made fast (src/core/search/search-index.ts at d2cd42b), verbatim, so tests can prove the fast
 * build writes the same bytes. Never import it from src; never "fix" it.
 */
import type { SynonymsFile } from '../../../../src/schemas/synonyms.ts';
import type { Template } from '../../../../src/schemas/template.ts';
import type { SearchIndex } from '../../../../src/core/search/search-index.ts';
import { BM25, FIELD_BOOSTS, STRONG_FIELD_BONUS, type SearchField } from '../../../../src/core/search/ranking.ts';
import { encodePostings, flattenPostings, type Posting } from './postings-codec.ts';
import { readSearchFields } from './read-search-fields.ts';
import { tokenizeText } from './tokenize-text.ts';

const FORMAT_TAG = 'tcs-search/2';
const FIELDS = Object.keys(FIELD_BOOSTS) as SearchField[];

const bm25 = (tf: number, df: number, n: number, length: number, avg: number) =>
  Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)));

/** Builds the index from the catalog (build time only). */
export function buildSearchIndex(templates: readonly Template[], synonyms: SynonymsFile = { groups: [] }): SearchIndex {
  // word → field → doc → term frequency
  const freq = new Map<string, Map<SearchField, Map<number, number>>>();
  const lengths = FIELDS.map(() => new Array<number>(templates.length));
  templates.forEach((t, doc) => {
    const text = readSearchFields(t);
    FIELDS.forEach((field, f) => {
      const words = tokenizeText(text[field]);
      lengths[f]![doc] = words.length;
      for (const w of words) {
        const byField = freq.get(w) ?? freq.set(w, new Map()).get(w)!;
        const byDoc = byField.get(field) ?? byField.set(field, new Map()).get(field)!;
        byDoc.set(doc, (byDoc.get(doc) ?? 0) + 1);
      }
    });
  });
  const avg = lengths.map((l) => l.reduce((a, b) => a + b, 0) / Math.max(1, l.length) || 1);
  const lists = new Map<string, Posting[]>();
  for (const [word, byField] of freq) {
    const scores = new Map<number, number>();
    const strong = new Set([...(byField.get('title')?.keys() ?? []), ...(byField.get('tags')?.keys() ?? [])]);
    for (const doc of strong) scores.set(doc, STRONG_FIELD_BONUS);
    for (const [field, byDoc] of byField) {
      const f = FIELDS.indexOf(field);
      for (const [doc, tf] of byDoc) {
        scores.set(doc, (scores.get(doc) ?? 0) + FIELD_BOOSTS[field] * bm25(tf, byDoc.size, templates.length, lengths[f]![doc]!, avg[f]!));
      }
    }
    lists.set(word, [...scores].map(([doc, score]) => ({ doc, score })));
  }
  const terms = [...lists.keys()].sort();
  return { ids: templates.map((t) => t.id), terms, postings: flattenPostings(terms.map((w) => lists.get(w)!)), synonyms, related: new Map() };
}

/**
 * The index as the file the build writes (data/search-index.bin): a JSON header (format, the
 * counts, the synonyms), then three sections each led by its byte length (uint32 LE): the ids
 * and the terms as UTF-8 lines, and the postings bytes. No part of it is ever one string of the
 * whole index: at 1,000,000 templates the postings alone are ~90 MB.
 */
export function serializeSearchIndex(index: SearchIndex): Uint8Array {
  const { ids, terms, synonyms } = index;
  if (ids.some((id) => id.includes('\n')) || terms.some((t) => t.includes('\n'))) throw new Error('an id or term holds a newline');
  const header = Buffer.from(JSON.stringify({ format: FORMAT_TAG, ids: ids.length, terms: terms.length, synonyms }));
  const sections = [header, Buffer.from(ids.join('\n')), Buffer.from(terms.join('\n')), encodePostings(index.postings)];
  const out = Buffer.alloc(sections.reduce((n, b) => n + 4 + b.length, 0));
  let at = 0;
  for (const section of sections) {
    out.writeUInt32LE(section.length, at);
    out.set(section, at + 4);
    at += 4 + section.length;
  }
  return out;
}
