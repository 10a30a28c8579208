/** A form a word may be the inflection of, and the parts of speech (n, v, a, r) it may be so. */
export interface WordForm {
  form: string;
  parts: string;
}

/**
 * WordNet's detachment rules (its morphy): an inflection's ending, the base form's, and the parts
 * of speech that inflect so. "warmest" is the adjective warm, never the verb "get warm".
 */
const DETACHMENTS: readonly [ending: string, base: string, parts: string][] = [
  ['ies', 'y', 'nv'], ['es', '', 'nv'], ['s', '', 'nv'],
  ['ing', '', 'v'], ['ing', 'e', 'v'], ['ed', '', 'v'], ['ed', 'e', 'v'],
  ['est', '', 'a'], ['est', 'e', 'a'], ['er', '', 'av'], ['er', 'e', 'av'],
];

/**
 * The forms a word may be the inflection of, itself first (any part of speech), then by
 * WordNet's detachment rules (launches → launch, warmest → warm, parties → party). WordNet files
 * base forms only, and the related words are filed by them: a query's word finds its own
 * lemma's entry ("concert" music, not "concerted" corporate, which shares its stem).
 */
export function listWordForms(word: string): WordForm[] {
  const forms: WordForm[] = [{ form: word, parts: 'nvar' }];
  for (const [ending, base, parts] of DETACHMENTS) {
    if (!word.endsWith(ending) || (ending === 's' && word.endsWith('ss'))) continue;
    if (parts !== 'nv' && word.length <= ending.length + 2) continue; // bed, red, her: no stem left
    forms.push({ form: word.slice(0, -ending.length) + base, parts });
  }
  return forms;
}

/** What `lookup` has for the first of a word's forms it has: the word's own entry, else its base form's. */
export function findByBaseForm<T>(word: string, lookup: (form: string) => T | undefined): T | undefined {
  for (const { form } of listWordForms(word)) {
    const found = lookup(form);
    if (found !== undefined) return found;
  }
  return undefined;
}
