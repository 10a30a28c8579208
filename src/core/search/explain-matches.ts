import type { Vocabulary } from './create-vocabulary.ts';
import type { WordPlan } from './expand-word.ts';
import type { QueryPlan } from './plan-query.ts';
import type { Postings } from './postings-codec.ts';
import { stemWord } from './stem-word.ts';

/** How a query word reached a template: as a word (or its forms, a synonym, a run-together split), a prefix, a typo, by meaning, or as a filter. */
export type MatchHow = 'word' | 'prefix' | 'typo' | 'meaning' | 'filter';

/** One query word's match in one template. */
export interface WordMatch {
  /** The query word (lower case). */
  word: string;
  how: MatchHow;
  /** The catalog word (or filter) it reached. */
  term: string;
}

/** Why the templates of one answer are there, computed only for what is shown. */
export interface MatchExplainer {
  /** Each query word's best match in the template at `position` (literal before meaning, then by weight). */
  listMatches(position: number): WordMatch[];
  /** Marks (1) in `marks`, by position, every template with a literal (word, prefix or typo) match of some query word; returns the terms' count walked. */
  markLiteral(marks: Uint8Array): void;
  /** The query words no template among `positions` matched literally, in query order. */
  listUnmatched(positions: ArrayLike<number>): string[];
  /** Whether some word of the query has terms it reached by meaning (else every match is literal). */
  readonly hasMeaning: boolean;
}

/** One query word as matched: its plan (terms with weights), whether it was last (a prefix), and how each term was reached. */
interface ExplainedWord {
  word: string;
  plan: WordPlan;
  how: (t: number) => MatchHow;
  literal: number[];
  /** The word's terms in the order a match is preferred: literal before meaning, then by weight (ties in the plan's order). */
  byPreference: { literal: number[]; meant: number[] };
}

const WIDENED = /^~+/;

/** How `plan` reached term `t`, read back from the words themselves (the plan keeps only weights). */
function classifyTerm(vocab: Vocabulary, word: string, plan: WordPlan, last: boolean, widened: boolean, t: number): MatchHow {
  const s = vocab.terms[t]!;
  const own = stemWord(s);
  const stem = stemWord(word);
  if (own === stem || (vocab.synonyms.get(stem) ?? []).includes(own)) return 'word';
  if (last && s.startsWith(word)) return 'prefix';
  const meant = widened && plan.whole ? vocab.listRelated(word) : plan.related;
  return plan.meaningOnly || meant.some(([m]) => m === t) ? 'meaning' : 'typo';
}

/** Whether the template at `doc` is among the postings of `term` (ascending: a binary search). */
function hasDoc(postings: Postings, term: number, doc: number): boolean {
  let lo = postings.starts[term]!;
  let hi = postings.starts[term + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const d = postings.docs[mid]!;
    if (d === doc) return true;
    if (d < doc) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

/**
 * The explainer of one query plan: which word reached which template and how. Nothing is
 * computed until asked; a page asks for its templates only, and `listUnmatched` stops at the
 * first template a word's literal terms reach.
 */
export function createMatchExplainer(vocab: Vocabulary, postings: Postings, plan: QueryPlan): MatchExplainer {
  // Only meaning-only words and widened ones (plan-query.ts) carry terms reached by meaning.
  const hasMeaning = plan.slots.some((slot) => WIDENED.test(slot.words[0]!) || slot.plans.some((p) => p.meaningOnly));
  // The literal terms without classifying each (the cheap path the ranking takes): a word
  // matched only by meaning has none, a widened one those it had before (plan-query.ts).
  const literalTerms = () => plan.slots.flatMap((slot) => [...(slot.joined ? slot.joined.terms.keys() : []), ...slot.plans.flatMap((p) => (p.meaningOnly ? [] : [...(p.literal ?? p.terms).keys()]))]);
  const literalSplits = () => plan.slots.flatMap((slot) => slot.plans.flatMap((p) => p.splits));
  let made: ExplainedWord[] | undefined;
  const explainWords = (): ExplainedWord[] => {
    if (made) return made;
    const words: ExplainedWord[] = [];
    for (const slot of plan.slots) {
      slot.plans.forEach((p, k) => {
        const raw = slot.words[k]!;
        const word = raw.replace(WIDENED, '');
        const last = slot.last && k === slot.plans.length - 1;
        const plan = slot.joined ? { ...p, terms: new Map([...p.terms, ...slot.joined.terms]) } : p;
        const literal = [...(slot.joined ? slot.joined.terms.keys() : []), ...(p.meaningOnly ? [] : (p.literal ?? p.terms).keys())];
        const joined = new Set(slot.joined ? slot.joined.terms.keys() : []);
        // How a term was reached is read back from the words only for the templates shown.
        const isLiteral = new Set(literal);
        // A stable sort by weight keeps the plan's order among equals, as the first hit wins.
        const ranked = [...plan.terms].sort((a, b) => b[1] - a[1]).map(([t]) => t);
        const byPreference = { literal: ranked.filter((t) => isLiteral.has(t)), meant: ranked.filter((t) => !isLiteral.has(t)) };
        words.push({ word, plan, literal, byPreference, how: (t) => (joined.has(t) ? 'word' : classifyTerm(vocab, word, p, last, raw !== word, t)) });
      });
    }
    return (made = words);
  };
  const splitHas = (w: ExplainedWord, doc: number) => w.plan.splits.find(([a, b]) => hasDoc(postings, a, doc) && hasDoc(postings, b, doc));

  // The first term in order of preference whose templates hold `doc`: each word's terms are
  // ranked once, so a shown template costs one lookup per term up to the first hit.
  const bestMatch = (w: ExplainedWord, doc: number): WordMatch | undefined => {
    const literal = w.byPreference.literal.find((t) => hasDoc(postings, t, doc));
    if (literal !== undefined) {
      const how = w.how(literal);
      return { word: w.word, how: how === 'meaning' ? 'word' : how, term: vocab.terms[literal]! };
    }
    const split = splitHas(w, doc);
    if (split) return { word: w.word, how: 'word', term: `${vocab.terms[split[0]]} ${vocab.terms[split[1]]}` };
    const meant = w.byPreference.meant.find((t) => hasDoc(postings, t, doc));
    return meant === undefined ? undefined : { word: w.word, how: 'meaning', term: vocab.terms[meant]! };
  };

  return {
    hasMeaning,
    listMatches: (doc) => explainWords().flatMap((w) => bestMatch(w, doc) ?? []),
    markLiteral(marks) {
      for (const t of literalTerms()) for (let i = postings.starts[t]!; i < postings.starts[t + 1]!; i++) marks[postings.docs[i]!] = 1;
      for (const [a, b] of literalSplits()) {
        for (let i = postings.starts[a]!; i < postings.starts[a + 1]!; i++) if (hasDoc(postings, b, postings.docs[i]!)) marks[postings.docs[i]!] = 1;
      }
    },
    listUnmatched(positions) {
      // Few templates: each is looked up in the word's lists; many: the lists are walked once
      // against a mark per template shown.
      let shown: Uint8Array | undefined;
      const reached = (w: ExplainedWord) => {
        // The first templates shown usually hold every word: looked up first, before any marks.
        const first = Math.min(positions.length, 16);
        for (let i = 0; i < first; i++) if (w.literal.some((t) => hasDoc(postings, t, positions[i]!)) || splitHas(w, positions[i]!)) return true;
        if (positions.length <= 16) return false;
        if (!shown) {
          shown = new Uint8Array(vocab.size);
          for (let i = 0; i < positions.length; i++) shown[positions[i]!] = 1;
        }
        for (const t of w.literal) for (let i = postings.starts[t]!; i < postings.starts[t + 1]!; i++) if (shown[postings.docs[i]!]) return true;
        for (const [a] of w.plan.splits) for (let i = postings.starts[a]!; i < postings.starts[a + 1]!; i++) if (shown[postings.docs[i]!] && splitHas(w, postings.docs[i]!)) return true;
        return false;
      };
      return [...new Set(explainWords().filter((w) => !reached(w)).map((w) => w.word))];
    },
  };
}
