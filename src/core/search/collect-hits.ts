import type { Postings } from './postings-codec.ts';
import type { TermHits } from './term-hits.ts';

/** Hits of another kind to merge in (a run-together word's two halves), already weighted. */
export type ExtraHits = TermHits;

/**
 * Merges the postings of a word's candidates into one TermHits, each template keeping its
 * best weighted score. One dense score array is reused for every word (no Map per word), so
 * the cost follows the candidates' postings, not the catalog.
 */
export function createHitsCollector(postings: Postings, templateCount: number) {
  const best = new Float64Array(templateCount);
  const touched = new Int32Array(templateCount);
  const empty: TermHits = { docs: new Int32Array(0), scores: new Float64Array(0) };

  return (terms: ReadonlyMap<number, number>, extras: readonly ExtraHits[] = []): TermHits => {
    if (terms.size === 0 && extras.length === 0) return empty;
    if (terms.size === 1 && extras.length === 0) {
      const [term, weight] = terms.entries().next().value!;
      const [from, to] = [postings.starts[term]!, postings.starts[term + 1]!];
      if (weight === 1) return { docs: postings.docs.subarray(from, to), scores: postings.scores.subarray(from, to) };
    }
    let n = 0;
    const add = (doc: number, score: number) => {
      const had = best[doc]!;
      if (had === 0) touched[n++] = doc;
      if (score > had) best[doc] = score;
    };
    for (const [term, weight] of terms) {
      for (let i = postings.starts[term]!, to = postings.starts[term + 1]!; i < to; i++) add(postings.docs[i]!, postings.scores[i]! * weight);
    }
    for (const extra of extras) for (let i = 0; i < extra.docs.length; i++) add(extra.docs[i]!, extra.scores[i]!);
    let docs: Int32Array;
    if (n * 8 > templateCount) {
      docs = new Int32Array(n);
      for (let doc = 0, k = 0; k < n; doc++) if (best[doc]! > 0) docs[k++] = doc;
    } else docs = touched.slice(0, n).sort();
    const scores = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      scores[k] = best[docs[k]!]!;
      best[docs[k]!] = 0;
    }
    return { docs, scores };
  };
}
