import type { Vocabulary } from './create-vocabulary.ts';
import { expandWord, type WordPlan } from './expand-word.ts';
import { MATCH_WEIGHTS, OPTIONAL_WORD_RARITY, RELATED } from './ranking.ts';
import { stemWord } from './stem-word.ts';
import { STOP_WORDS, splitQueryWords } from './tokenize-text.ts';
import { measureEdits } from './typo-index.ts';

/** Marks a word widened by its meaning, in the word memo's keys: alone (by all it means), beside others (by close words). */
const WIDENED = { alone: '~', beside: '~~' };

/** One part of the AND: a word, or two neighbours that may also be written as one (walk through). */
export interface QuerySlot {
  words: string[];
  plans: WordPlan[];
  /** The run-together word of a two-word slot, when the index has it. */
  joined?: WordPlan;
  /** Whether it holds the query's last word (matched as a prefix too: its hits are kept apart). */
  last: boolean;
}

/** A query cut into slots, and the words as typed (for "did you mean"). */
export interface QueryPlan {
  slots: QuerySlot[];
  /** Stop words the index has in few templates ("whats"): they add to a score, never required. */
  optional: number[];

  words: string[];
}

/** Every word of the index a plan may read the postings of: its words' terms (literal, meant, run together, split) and its optional stop words. */
export function listPlanTerms(plan: QueryPlan): Set<number> {
  const terms = new Set(plan.optional);
  const addPlan = (p: WordPlan) => {
    for (const t of p.terms.keys()) terms.add(t);
    for (const t of p.literal?.keys() ?? []) terms.add(t);
    for (const [a, b] of p.splits) terms.add(a).add(b);
    for (const [t] of p.related) terms.add(t);
  };
  for (const slot of plan.slots) {
    slot.plans.forEach(addPlan);
    if (slot.joined) addPlan(slot.joined);
  }
  return terms;
}

/** A stop word, or a typo of a long one the index does not know otherwise (tmeplate). */
function isStopWord(vocab: Vocabulary, word: string): boolean {
  if (STOP_WORDS.has(word)) return true;
  if (word.length < 5 || vocab.ids.has(word) || vocab.byStem.has(stemWord(word))) return false;
  for (const stop of STOP_WORDS) if (stop.length >= 5 && measureEdits(word, stop, 1) <= 1) return true;
  return false;
}

/**
 * Cuts a normalized query into slots: stop words are
 * dropped (a query of stop words alone has no slot: it asks for everything), and two neighbours that the index knows run
 * together (walk through → walkthrough) share a slot.
 */
export function planQuery(vocab: Vocabulary, query: string, expand: typeof expandWord = expandWord): QueryPlan {
  const words = splitQueryWords(query);
  const kept = words.filter((w) => !isStopWord(vocab, w));
  const optional = kept.length === words.length ? [] : words.flatMap((w) => {
    const term = STOP_WORDS.has(w) ? vocab.ids.get(w) : undefined;
    return term !== undefined && vocab.counts[term]! * OPTIONAL_WORD_RARITY <= vocab.size ? [term] : [];
  });
  const slots: QuerySlot[] = [];
  for (let i = 0; i < kept.length; i++) {
    const word = kept[i]!;
    const next = kept[i + 1];
    const last = (w: number) => w === kept.length - 1;
    if (next !== undefined && vocab.ids.has(word + next)) {
      slots.push({ words: [word, next], plans: [expand(vocab, word, false), expand(vocab, next, last(i + 1))], joined: expand(vocab, word + next, last(i + 1)), last: last(i + 1) });
      i++;
    } else {
      slots.push({ words: [word], plans: [expand(vocab, word, last(i))], last: last(i) });
    }
  }
  // A word the catalog has only in descriptions (or as a prefix of another) also finds what it
  // means: "apparel" the lookbook tagged fashion; in "subscription costs explained", "explained"
  // the Pricing Plan Explainer. Beside other words only close relations count (RELATED.widenBeside).
  const alone = slots.length === 1;
  const floor = alone ? 0 : RELATED.widenBeside * MATCH_WEIGHTS.meaning;
  for (let i = 0; i < slots.length; i++) {
    const plan = slots[i]!.joined ? undefined : slots[i]!.plans[0]!;
    if (!plan?.direct || plan.meaningOnly) continue;
    const meant = plan.whole ? vocab.listRelated(slots[i]!.words[0]!) : plan.related;
    const terms = new Map(meant.filter(([, w]) => w >= floor));
    if (!terms.size) continue;
    for (const [t, w] of plan.terms) terms.set(t, Math.max(terms.get(t) ?? 0, w));
    // Its merged hits are kept under another name than the word's own (word-memo.ts).
    slots[i] = { words: [`${alone ? WIDENED.alone : WIDENED.beside}${slots[i]!.words[0]!}`], plans: [{ ...plan, terms, literal: plan.terms }], last: slots[i]!.last };
  }
  return { slots, optional, words };
}


/**
 * "Did you mean": the query with each word found only as a typo (or not at all) corrected. A
 * word matching nothing takes `nearResult(word)` when given: the word of the templates found
 * that it is one edit from ("blak fridy" finds Black Friday through "fridy": "blak" → "black"),
 * so the suggestion says what the results show.
 */
export function suggestCorrection(plan: QueryPlan, nearResult?: (word: string) => string | undefined): string | undefined {
  const fixes = new Map<string, string>();
  for (const slot of plan.slots) {
    if (slot.joined?.direct) continue;
    slot.plans.forEach((p, i) => {
      const near = !p.correction && !p.terms.size && !p.splits.length ? nearResult?.(slot.words[i]!) : undefined;
      const fix = p.correction ?? near;
      if (fix) fixes.set(slot.words[i]!, fix);
    });
  }
  return fixes.size ? plan.words.map((w) => fixes.get(w) ?? w).join(' ') : undefined;
}
