import type { Template } from '../../schemas/template.ts';
import { fillAll, type Postings } from './postings-codec.ts';
import { isIndexOrder, type SearchIndex } from './search-index.ts';

/**
 * The index's postings renumbered by the catalog's order (newest first), each word's
 * templates ascending, so that ties fall to the newest. The build writes the index in that
 * order already, so this is a check (ids are unique: validateCatalog refuses a repeated one);
 * another order is sorted word by word.
 */
export function orderPostings(index: SearchIndex, templates: readonly Template[]): Postings {
  if (isIndexOrder(index, templates)) return index.postings;
  const position = new Map(templates.map((t, i) => [t.id, i]));
  const remap = Int32Array.from(index.ids, (id) => position.get(id) ?? -1);
  if (remap.every((p, i) => p === i) && index.ids.length === templates.length) return index.postings;
  fillAll(index.postings);
  const { starts, docs, scores } = index.postings;
  const out = { starts: new Int32Array(starts.length), docs: new Int32Array(docs.length), scores: new Float32Array(scores.length) };
  let at = 0;
  for (let w = 0; w + 1 < starts.length; w++) {
    out.starts[w] = at;
    const pairs: [number, number][] = [];
    for (let i = starts[w]!; i < starts[w + 1]!; i++) if (remap[docs[i]!]! >= 0) pairs.push([remap[docs[i]!]!, scores[i]!]);
    pairs.sort((a, b) => a[0] - b[0]);
    for (const [doc, score] of pairs) {
      out.docs[at] = doc;
      out.scores[at++] = score;
    }
  }
  out.starts[starts.length - 1] = at;
  return { starts: out.starts, docs: out.docs.subarray(0, at), scores: out.scores.subarray(0, at) };
}
