import type { SynonymsFile } from '../../schemas/synonyms.ts';
import type { Template } from '../../schemas/template.ts';
import { decodePostings, encodePostings, flattenPostings, type Posting, type Postings } from './postings-codec.ts';
import { BM25, FIELD_BOOSTS, STRONG_FIELD_BONUS, type SearchField } from './ranking.ts';
import { readSearchFields } from './search-options.ts';
import { tokenizeText } from './tokenize-text.ts';

/**
 * The search index as built once per build and loaded by the server (never re-indexed): the
 * vocabulary (sorted), each word's postings with a precomputed score per template, and the
 * synonyms table the build validated.
 */
export interface SearchIndex {
  /** Template ids in the order postings number them. */
  ids: string[];
  /** Every indexed word, sorted (code-unit order). */
  terms: string[];
  /** Per word in `terms` order: its templates (numbered as in `ids`) and scores. */
  postings: Postings;
  synonyms: SynonymsFile;
}

const FORMAT_TAG = 'tcs-search/1';
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
  return { ids: templates.map((t) => t.id), terms, postings: flattenPostings(terms.map((w) => lists.get(w)!)), synonyms };
}

/** The index as the text the build writes (data/search-index.json). */
export function serializeSearchIndex(index: SearchIndex): string {
  const { ids, terms, synonyms } = index;
  return JSON.stringify({ format: FORMAT_TAG, ids, terms, synonyms, postings: Buffer.from(encodePostings(index.postings)).toString('base64') });
}

/** Loads the index the build serialized; throws on anything else. */
export function loadSearchIndex(json: string): SearchIndex {
  const data = JSON.parse(json) as Partial<Record<keyof SearchIndex | 'format', unknown>>;
  if (data.format !== FORMAT_TAG || !Array.isArray(data.ids) || !Array.isArray(data.terms) || typeof data.postings !== 'string') {
    throw new Error(`not a ${FORMAT_TAG} index`);
  }
  const ids = data.ids as string[];
  const terms = data.terms as string[];
  const postings = decodePostings(new Uint8Array(Buffer.from(data.postings, 'base64')), terms.length, ids.length);
  return { ids, terms, postings, synonyms: (data.synonyms ?? { groups: [] }) as SynonymsFile };
}
