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
  return { ids: templates.map((t) => t.id), terms, postings: flattenPostings(terms.map((w) => lists.get(w)!)), synonyms };
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

/** Splits what serializeSearchIndex wrote into its four sections; throws when they do not fit. */
function readSections(bytes: Uint8Array): Buffer[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sections: Buffer[] = [];
  let at = 0;
  while (sections.length < 4) {
    if (at + 4 > buf.length) throw new Error(`not a ${FORMAT_TAG} index (truncated)`);
    const length = buf.readUInt32LE(at);
    if (at + 4 + length > buf.length) throw new Error(`not a ${FORMAT_TAG} index (truncated)`);
    sections.push(buf.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  if (at !== buf.length) throw new Error(`not a ${FORMAT_TAG} index (trailing bytes)`);
  return sections;
}

const splitLines = (section: Buffer, count: number) => (count === 0 ? [] : section.toString('utf8').split('\n'));

/** Loads the index the build serialized; throws on anything else. */
export function loadSearchIndex(bytes: Uint8Array): SearchIndex {
  const [head, idBytes, termBytes, postingBytes] = readSections(bytes);
  let header: { format?: unknown; ids?: unknown; terms?: unknown; synonyms?: unknown };
  try {
    header = JSON.parse(head!.toString('utf8')) as typeof header;
  } catch {
    throw new Error(`not a ${FORMAT_TAG} index (no header)`);
  }
  if (header.format !== FORMAT_TAG || typeof header.ids !== 'number' || typeof header.terms !== 'number') throw new Error(`not a ${FORMAT_TAG} index`);
  const ids = splitLines(idBytes!, header.ids);
  const terms = splitLines(termBytes!, header.terms);
  if (ids.length !== header.ids || terms.length !== header.terms) throw new Error('the id or term count does not match the header');
  const postings = decodePostings(postingBytes!, terms.length, ids.length);
  return { ids, terms, postings, synonyms: (header.synonyms ?? { groups: [] }) as SynonymsFile };
}
