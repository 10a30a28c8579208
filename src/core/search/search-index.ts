import type { SynonymsFile } from '../../schemas/synonyms.ts';
import type { Template } from '../../schemas/template.ts';
import { countWords } from './count-words.ts';
import { decodePostings, decodePostingsLazily, encodePostings, fillAll, type Postings } from './postings-codec.ts';
import { dropNamedWords, listRelateTargets } from './list-relate-targets.ts';
import type { RelateTarget, RelatedWords } from './relate-words.ts';
import { readRelatedWords, writeRelatedWords, type RelatedLookup } from './related-words-text.ts';
import { scorePostings } from './score-postings.ts';

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
  /** Everyday words the catalog lacks → its words they mean (WordNet, at build time); empty without a lexicon. */
  readonly related: RelatedLookup;
}

const FORMAT_TAG = 'tcs-search/2';

/**
 * Builds the index from the catalog (build time only), with the words related by meaning when
 * `relate` is given (relateWords over a lexicon, src/site/read-wordnet.ts): every template's words counted in one
 * pass into flat arrays (countWords), then scored into postings (scorePostings). The same bytes
 * as the nested-Map build it replaced (tests/core/search/build-search-index.test.ts holds that
 * build as the reference). Once in a fresh process, as a publish runs it (medians of 5): 50,000
 * templates 4.1 → 0.59 s (small vocabulary), 8.2 → 1.3 s (realistic); 10,000: 1.3 → 0.21 s and
 * 2.1 → 0.33 s.
 */
export function buildSearchIndex(templates: readonly Template[], synonyms: SynonymsFile = { groups: [] }, relate?: (targets: readonly RelateTarget[]) => RelatedWords): SearchIndex {
  const { terms, postings } = scorePostings(countWords(templates), templates.length);
  const related = relate ? dropNamedWords(relate(listRelateTargets(templates, synonyms)), templates, synonyms) : new Map();
  return { ids: templates.map((t) => t.id), terms, postings, synonyms, related };
}

/** Whether `templates` are in the order the index numbers them (a build's own order): then positions are docs. */
export function isIndexOrder(index: SearchIndex, templates: readonly Template[]): boolean {
  if (index.ids.length !== templates.length) return false;
  for (let i = 0; i < templates.length; i++) if (templates[i]!.id !== index.ids[i]) return false;
  return true;
}

/**
 * The index as the file the build writes (data/search-index.bin): a JSON header (format, the
 * counts, the synonyms), then three sections each led by its byte length (uint32 LE): the ids
 * and the terms as UTF-8 lines, and the postings bytes; then, when the build related words by
 * meaning, a fourth: those as UTF-8 lines (writeRelatedWords), read on first use. No part of it is ever one string of the
 * whole index: at 1,000,000 templates the postings alone are ~90 MB.
 */
export function serializeSearchIndex(index: SearchIndex): Uint8Array {
  const { ids, terms, synonyms } = index;
  fillAll(index.postings);
  if (ids.some((id) => id.includes('\n')) || terms.some((t) => t.includes('\n'))) throw new Error('an id or term holds a newline');
  const header = Buffer.from(JSON.stringify({ format: FORMAT_TAG, ids: ids.length, terms: terms.length, synonyms }));
  const sections = [header, Buffer.from(ids.join('\n')), Buffer.from(terms.join('\n')), encodePostings(index.postings)];
  if (index.related.size) sections.push(Buffer.from(writeRelatedWords(index.related as RelatedWords)));
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
  while (at < buf.length || sections.length < 4) {
    if (sections.length === 5) throw new Error(`not a ${FORMAT_TAG} index (trailing bytes)`);
    if (at + 4 > buf.length) throw new Error(`not a ${FORMAT_TAG} index (truncated)`);
    const length = buf.readUInt32LE(at);
    if (at + 4 + length > buf.length) throw new Error(`not a ${FORMAT_TAG} index (truncated)`);
    sections.push(buf.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return sections;
}

const splitLines = (section: Buffer, count: number) => (count === 0 ? [] : section.toString('utf8').split('\n'));

/**
 * Loads the index the build serialized; throws on anything else. `lazyPostings`: each word's
 * postings are decoded when a search first reads them (decodePostingsLazily), for a search asked once.
 */
export function loadSearchIndex(bytes: Uint8Array, { lazyPostings = false } = {}): SearchIndex {
  const [head, idBytes, termBytes, postingBytes, relatedBytes] = readSections(bytes);
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
  const postings = (lazyPostings ? decodePostingsLazily : decodePostings)(postingBytes!, terms.length, ids.length);
  let related: RelatedLookup | undefined;
  // Read in place, on the first query that needs it: a cold start does not pay for it.
  return {
    ids,
    terms,
    postings,
    synonyms: (header.synonyms ?? { groups: [] }) as SynonymsFile,
    get related() {
      return (related ??= relatedBytes ? readRelatedWords(relatedBytes.toString('utf8')) : new Map());
    },
  };
}
