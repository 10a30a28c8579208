import type { Template } from '../../schemas/template.ts';
import { RANK_POSITIONS, SCORE_RESOLUTION } from './ranking.ts';
import type { Found } from './run-slots.ts';
import { isNormalizedAs, normalizeQuery } from './search-options.ts';
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
 * Kept as one float a template (its title's hash, then its position: RANK_POSITIONS), sorted
 * natively, not as a Map of the titles: at 100,000 templates the Map's keys took ~17 MB of an
 * edge isolate's 128 MB, and a typed-array sort with a comparator took 250 ms of a cold start
 * (the native sort: ~15 ms). A lookup checks the titles it finds.
 */
function indexTitles(templates: readonly Template[]): (query: string) => number[] {
  const keys = new Float64Array(templates.length);
  for (let i = 0; i < keys.length; i++) keys[i] = hashText(normalizeQuery(templates[i]!.title)) * RANK_POSITIONS + i;
  keys.sort();
  return (query) => {
    const first = hashText(query) * RANK_POSITIONS;
    let [lo, hi] = [0, keys.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < first) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let k = lo; k < keys.length && keys[k]! < first + RANK_POSITIONS; k++) {
      const doc = keys[k]! - first;
      if (isNormalizedAs(templates[doc]!.title, query)) found.push(doc);
    }
    return found;
  };
}

/** The positions among `found` whose title is `query`, ascending, read from their titles: for a search asked once, where indexing every title would cost more. */
function scanTitles(templates: readonly Template[], query: string, found: Found): number[] {
  const exact = new Set<number>();
  for (let k = 0; k < found.docs.length; k++) if (isNormalizedAs(templates[found.docs[k]!]!.title, query)) exact.add(found.docs[k]!);
  return [...exact].sort((a, b) => a - b);
}

/**
 * The ranking over one catalog (newest first). `indexTitles` false: each call reads its matches'
 * titles instead of an index of every title (a cold isolate's one search at 100,000 templates:
 * ~80 ms saved before its answer).
 */
export function createRanker(templates: readonly Template[], { indexTitles: indexed = true } = {}): RankHits {
  const byTitle = indexed ? indexTitles(templates) : undefined;
  // Optional words' scores by position, written and wiped within one call.
  const bonus = new Float64Array(templates.length);

  return (query, found, factor, optional) => {
    if (optional) for (let i = 0; i < optional.docs.length; i++) bonus[optional.docs[i]!] = optional.scores[i]!;
    const exact = byTitle ? byTitle(query).filter((doc) => Array.prototype.includes.call(found.docs, doc)) : scanTitles(templates, query, found);
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
