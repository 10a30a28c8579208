import type { JudgedQuery } from './judged-queries.ts';

/** One query's outcome: the rank (1-based) of its first answer, or 0 when none is returned. */
export interface JudgedOutcome {
  q: string;
  kind: JudgedQuery['kind'];
  rank: number;
  returned: number;
}

/** success@5, MRR and the outcomes, for ids of slugs ranked by `search`. */
export function scoreRelevance(queries: readonly JudgedQuery[], search: (q: string) => readonly string[]) {
  const outcomes: JudgedOutcome[] = queries.map(({ q, kind, answers }) => {
    const ranked = search(q);
    const rank = ranked.findIndex((slug) => answers.includes(slug)) + 1;
    return { q, kind, rank, returned: ranked.length };
  });
  const successAt5 = outcomes.filter((o) => o.rank >= 1 && o.rank <= 5).length / outcomes.length;
  const mrr = outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / outcomes.length;
  return { successAt5, mrr, outcomes };
}
