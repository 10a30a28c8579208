import type { Template } from '../../schemas/template.ts';
import { FIELD_BOOSTS, type SearchField } from './ranking.ts';
import { readSearchFields } from './search-options.ts';
import { isAsciiText, scanAsciiWords, tokenizeText, type WordVisitor } from './tokenize-text.ts';
import { WordTable } from './word-table.ts';

/** The indexed fields, numbered as the counts number them (bit f of a field set is INDEXED_FIELDS[f]). */
export const INDEXED_FIELDS = Object.keys(FIELD_BOOSTS) as SearchField[];
const FIELD_COUNT = INDEXED_FIELDS.length;

/**
 * Every template's words counted per field, in flat arrays numbered by word id: what the BM25+
 * scores are computed from (score-postings.ts). An entry is one word of one template; a
 * template's entries are consecutive, templates in order.
 */
export interface WordCounts {
  /** The words by id (`words`, in the order the catalog first has them). */
  table: WordTable;
  /** Template d's entries are [entryStarts[d], entryStarts[d + 1]). */
  entryStarts: Int32Array;
  entryWords: Int32Array;
  /** Per entry, the fields holding its word (bit f for INDEXED_FIELDS[f]). */
  entryFields: Uint8Array;
  /** Per entry, its fields' term frequencies, lowest field first (one per bit of entryFields); from 255 up, in bigFrequencies. */
  frequencies: Uint8Array;
  /** Term frequencies of 255 and more, by their place in frequencies (a byte each saved ~7 MB, ~40 ms of fresh pages, at 50,000). */
  bigFrequencies: Map<number, number>;
  /** Per word and field (word × INDEXED_FIELDS.length + field): templates with the word in that field. */
  fieldDocs: Int32Array;
  /** Per word: templates with the word (the length of its postings). */
  docCounts: Int32Array;
  /**
   * Per word: its fields in the order the catalog first has the word in each (field + 1, 3 bits
   * each, first lowest). The old build summed a template's field scores in that order; floating
   * point addition is not associative, so the same order keeps the scores, and the bytes, the same.
   */
  fieldOrder: Int32Array;
  /** Per field: each template's length in words. */
  lengths: Int32Array[];
}

/** `a` with room for `need` items (at least doubled, or `expected`, when it grows), its items kept. */
function grow<A extends Int32Array | Uint8Array>(a: A, need: number, fill = 0, expected = 0): A {
  if (need <= a.length) return a;
  const grown = new (a.constructor as new (n: number) => A)(Math.max(need, a.length * 2, expected));
  grown.set(a);
  if (fill !== 0) grown.fill(fill, a.length);
  return grown;
}

/** Counts the words of every template, one pass per template (build time only). */
export function countWords(templates: readonly Template[]): WordCounts {
  const n = templates.length;
  const table = new WordTable();
  let [lastDoc, slotOf, docCounts, fieldOrder] = [new Int32Array(1024).fill(-1), new Int32Array(1024), new Int32Array(1024), new Int32Array(1024)];
  let fieldDocs = new Int32Array(1024 * FIELD_COUNT);
  let [entryWords, entryFields, frequencies] = [new Int32Array(4096), new Uint8Array(4096), new Uint8Array(4096)];
  const bigFrequencies = new Map<number, number>();
  const entryStarts = new Int32Array(n + 1);
  const lengths = INDEXED_FIELDS.map(() => new Int32Array(n));
  // The current template's distinct words (by slot) and their frequency per field.
  let touched = new Int32Array(64);
  let local = new Int32Array(64 * FIELD_COUNT);
  let [d, f, distinct, tokens, entries, tfs] = [0, 0, 0, 0, 0, 0];

  const add = (id: number) => {
    tokens++;
    if (id === lastDoc.length) {
      [lastDoc, slotOf, docCounts, fieldOrder] = [grow(lastDoc, id + 1, -1), grow(slotOf, id + 1), grow(docCounts, id + 1), grow(fieldOrder, id + 1)];
      fieldDocs = grow(fieldDocs, (id + 1) * FIELD_COUNT);
    }
    if (lastDoc[id] !== d) {
      lastDoc[id] = d;
      if (distinct === touched.length) [touched, local] = [grow(touched, distinct + 1), grow(local, (distinct + 1) * FIELD_COUNT)];
      for (let k = distinct * FIELD_COUNT; k < (distinct + 1) * FIELD_COUNT; k++) local[k] = 0;
      touched[distinct] = id;
      slotOf[id] = distinct++;
    }
    local[slotOf[id]! * FIELD_COUNT + f]!++;
  };
  const visit: WordVisitor = (text, from, to, hash, joined) => add(table.idOfRange(text, from, to, hash, joined > 0));

  /** The current template's words as entries, each field's frequency, and the words' field counts. */
  const closeTemplate = () => {
    if (entries + distinct > entryWords.length || tfs + distinct * FIELD_COUNT > frequencies.length) {
      // Sized for the whole catalog at the rate so far: fresh memory is slow here (~5 ms a MB), copies too.
      const expected = Math.ceil(((entries + distinct) / (d + 1)) * templates.length * 1.1);
      [entryWords, entryFields] = [grow(entryWords, entries + distinct, 0, expected), grow(entryFields, entries + distinct, 0, expected)];
      frequencies = grow(frequencies, tfs + distinct * FIELD_COUNT, 0, Math.ceil(expected * 1.2));
    }
    for (let s = 0; s < distinct; s++) {
      const id = touched[s]!;
      let fields = 0;
      for (let g = 0; g < FIELD_COUNT; g++) {
        const tf = local[s * FIELD_COUNT + g]!;
        if (tf === 0) continue;
        fields |= 1 << g;
        if (tf >= 255) bigFrequencies.set(tfs, tf);
        frequencies[tfs++] = Math.min(tf, 255);
        if (fieldDocs[id * FIELD_COUNT + g]!++ === 0) {
          let shift = 0;
          while ((fieldOrder[id]! >>> shift) & 7) shift += 3;
          fieldOrder[id]! |= (g + 1) << shift;
        }
      }
      entryWords[entries] = id;
      entryFields[entries++] = fields;
      docCounts[id]!++;
    }
    entryStarts[d + 1] = entries;
  };

  for (d = 0; d < n; d++) {
    const text = readSearchFields(templates[d]!);
    distinct = 0;
    for (f = 0; f < FIELD_COUNT; f++) {
      const raw = text[INDEXED_FIELDS[f]!];
      const lower = raw.toLowerCase();
      tokens = 0;
      if (isAsciiText(lower)) scanAsciiWords(lower, visit);
      else for (const w of tokenizeText(raw)) add(table.idOf(w));
      lengths[f]![d] = tokens;
    }
    closeTemplate();
  }
  return { table, entryStarts, entryWords, entryFields, frequencies, bigFrequencies, fieldDocs, docCounts, fieldOrder, lengths };
}
