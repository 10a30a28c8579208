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

/** The ranking over one catalog (newest first). */
export function createRanker(templates: readonly Template[]): RankHits {
  const byTitle = new Map<string, number[]>();
  templates.forEach((t, i) => {
    const key = normalizeQuery(t.title);
    const same = byTitle.get(key);
    if (same) same.push(i);
    else byTitle.set(key, [i]);
  });
  // Optional words' scores by position, written and wiped within one call.
  const bonus = new Float64Array(templates.length);

  return (query, found, factor, optional) => {
    if (optional) for (let i = 0; i < optional.docs.length; i++) bonus[optional.docs[i]!] = optional.scores[i]!;
    const exact = byTitle.get(query)?.filter((doc) => Array.prototype.includes.call(found.docs, doc)) ?? [];
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
