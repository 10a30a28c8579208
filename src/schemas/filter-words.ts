import { z } from 'zod';
import { formatSchema, tierSchema } from './template.ts';
import { sortOrderSchema } from './sort-order.ts';

const PHRASE = /^[\p{L}\p{N}$€£]+(?:[ :'-][\p{L}\p{N}$€£]+)*$/u;
const phrase = z
  .string()
  .regex(PHRASE, 'words of letters and digits (or "$"), joined by single spaces, hyphens or ":"')
  .refine((s) => s === s.toLowerCase(), 'must be lowercase');
const phrases = z.array(phrase).min(1);
const list = z.array(phrase).default([]);

/** Editable parts a query switches on or off ("with music", "without a voice-over"). */
export const switchPartSchema = z.enum(['music', 'voice']);
/** Editable parts a query counts ("3 images", "at least 5 text lines"). */
export const countPartSchema = z.enum(['images', 'text', 'colors']);

/**
 * `templates/_filter-words.json`: the words a search query may carry as constraints, read as
 * filters instead of words to match ("free vertical launch under 20 seconds"). Catalog data, like
 * the synonyms: a catalog owner adds a word (or another language's words) without code. Every
 * entry is a phrase of one or more words; the longest phrase wins where two start alike.
 */
export const filterWordsFileSchema = z
  .strictObject({
    /** Words naming a tier: "free", "no cost" → free. */
    tier: z.partialRecord(tierSchema, phrases).default({}),
    /** Words naming a format ("vertical", "reels" → 9:16); ratios written as 9:16, 9x16 or 9/16 need no entry. */
    format: z.partialRecord(formatSchema, phrases).default({}),
    /** Words that may follow a format word and belong to it ("vertical format", "portrait mode"). */
    formatAfter: list,
    /** Duration units after a number, by their length in seconds: { "1": ["s", "seconds"], "60": ["min"] }. */
    durationUnits: z.record(z.string().regex(/^[1-9]\d*$/, 'a whole number of seconds'), phrases).default({}),
    /** Words that may follow a duration and belong to it ("30 seconds long"). */
    durationAfter: list,
    /** Words for US dollars, before or after an amount ("$5", "5 dollars"): prices are in US cents. */
    currency: list,
    /** Editable parts a query asks with or without ("with music", "no voice-over"). */
    switches: z.partialRecord(switchPartSchema, phrases).default({}),
    /** Editable parts a query counts after a number ("3 images", "5 text lines"). */
    counts: z.partialRecord(countPartSchema, phrases).default({}),
    /** Words before a switch part that ask for it, and those that ask for its absence. */
    with: list,
    without: list,
    /**
     * Words before an amount: at most ("up to", inclusive), under ("less than", strict), at least
     * (inclusive), over ("more than", strict), a range ("between 10 and 20"), and joining the range's ends.
     */
    atMost: list,
    below: list,
    atLeast: list,
    above: list,
    between: list,
    to: list,
    /** Words after an amount: at most ("or less"), at least ("or more"). */
    atMostAfter: list,
    atLeastAfter: list,
    /** Articles: 1 after a bound ("under a minute"), skipped after `with` ("with a voice-over"). */
    articles: list,
    /** Numbers written as words. */
    numbers: z.record(phrase, z.number().positive()).default({}),
    /** Words asking for an order ("cheap", "cheapest" → price): the answer is sorted so unless `sort` is given. */
    sort: z.partialRecord(sortOrderSchema, phrases).default({}),
    /**
     * Words naming a format or resolution no template records ("square", "1:1", "4k"): never
     * matched as words nor silently dropped, but named in the answer's `unmatched`. When the
     * catalog gains the fact, the word moves to `format`.
     */
    unrecorded: list,
  })
  .superRefine((file, ctx) => {
    // Phrases read in the same place of a sentence must each mean one thing.
    const places: Record<string, [string, readonly string[]][]> = {
      'a word': [...entries('tier', file.tier), ...entries('format', file.format), ['with', file.with], ['without', file.without], ...entries('sort', file.sort), ['unrecorded', file.unrecorded]],
      'a word after a number': [...entries('durationUnits', file.durationUnits), ...entries('counts', file.counts), ['currency', file.currency]],
      'a word before a number': [['atMost', file.atMost], ['below', file.below], ['atLeast', file.atLeast], ['above', file.above], ['between', file.between], ['currency', file.currency]],
      'a word after an amount': [['atMostAfter', file.atMostAfter], ['atLeastAfter', file.atLeastAfter], ['durationAfter', file.durationAfter], ['to', file.to]],
      'a switch part': entries('switches', file.switches),
    };
    for (const [place, groups] of Object.entries(places)) {
      const seen = new Map<string, string>();
      for (const [where, words] of groups) {
        for (const w of words) {
          const other = seen.get(w);
          if (other && other !== where) ctx.addIssue({ code: 'custom', path: where.split('.'), message: `"${w}" is also in ${other}; as ${place} it must mean one thing` });
          seen.set(w, where);
        }
      }
    }
  });
export type FilterWordsFile = z.infer<typeof filterWordsFileSchema>;

function entries(name: string, record: Partial<Record<string, readonly string[]>>): [string, readonly string[]][] {
  return Object.entries(record).map(([key, words]) => [`${name}.${key}`, words ?? []]);
}
