import { z } from 'zod';

const word = z.string().regex(/^[a-z0-9]+$/, 'one lowercase word (letters and digits; write "sign-up" as "signup")');

/**
 * `templates/_synonyms.json`: how people name the catalog's things differently. Read by the
 * build, stored inside the search index, so build and server use the one table. Words that name
 * a format, a tier or a duration are filters, not synonyms: see `_filter-words.json`.
 */
export const synonymsFileSchema = z.strictObject({
  /** Groups of words meaning the same here; any word of a group also finds the others. */
  groups: z.array(z.array(word).min(2).refine((g) => new Set(g).size === g.length, 'words must not repeat in a group')),
});
export type SynonymsFile = z.infer<typeof synonymsFileSchema>;
