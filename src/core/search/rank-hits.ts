import type { Template } from '../../schemas/template.ts';
import { RANK_POSITIONS, SCORE_RESOLUTION } from './ranking.ts';
import type { Found } from './run-slots.ts';
import { normalizeQuery } from './search-options.ts';
import type { TermHits } from './term-hits.ts';

/**
 * Orders one query's matches: templates whose title is the query come first, then by score
 * (each match's score times `factor`, the words matched, plus its optional words' scores),
 * ties newest first (the catalog's order).
 */
export type RankHits = (query: string, found: Found, factor: number, optional?: TermHits) => Int32Array;

/** FNV-1a of a string's code units. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The positions of the templates whose title (normalized as a query is) is `query`, ascending.
 * Kept as one hash a template, sorted, not as a Map of the titles: at 100,000 templates the
 * Map's keys took ~17 MB of an edge isolate's 128 MB; a lookup checks the titles it finds.
 */
function indexTitles(templates: readonly Template[]): (query: string) => number[] {
  const hashes = Uint32Array.from(templates, (t) => hashText(normalizeQuery(t.title)));
  const order = Int32Array.from(hashes, (_, i) => i).sort((a, b) => hashes[a]! - hashes[b]! || a - b);
  return (query) => {
    const h = hashText(query);
    let [lo, hi] = [0, order.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (hashes[order[mid]!]! < h) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let k = lo; k < order.length && hashes[order[k]!] === h; k++) if (normalizeQuery(templates[order[k]!]!.title) === query) found.push(order[k]!);
    return found;
  };
}

/** The ranking over one catalog (newest first). */
export function createRanker(templates: readonly Template[]): RankHits {
  const byTitle = indexTitles(templates);
  // Optional words' scores by position, written and wiped within one call.
  const bonus = new Float64Array(templates.length);

  return (query, found, factor, optional) => {
    if (optional) for (let i = 0; i < optional.docs.length; i++) bonus[optional.docs[i]!] = optional.scores[i]!;
    const exact = byTitle(query).filter((doc) => Array.prototype.includes.call(found.docs, doc));
    // Best first, ties newest first, in one native numeric sort: each hit is one float key, its
    // score to 1 / SCORE_RESOLUTION above its position.
    const keys = new Float64Array(found.docs.length - exact.length);
    let n = 0;
    for (let k = 0; k < found.docs.length; k++) {
      const doc = found.docs[k]!;
      const score = found.scores[k]! * factor + bonus[doc]!;
      if (!exact.length || !exact.includes(doc)) keys[n++] = -Math.round(score * SCORE_RESOLUTION) * RANK_POSITIONS + doc;
    }
    if (optional) for (let i = 0; i < optional.docs.length; i++) bonus[optional.docs[i]!] = 0;
    keys.sort();
    const out = new Int32Array(exact.length + n);
    out.set(exact);
    for (let k = 0; k < n; k++) {
      const key = keys[k]!;
      out[exact.length + k] = key - Math.floor(key / RANK_POSITIONS) * RANK_POSITIONS;
    }
    return out;
  };
}
