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

/** The base forms of a word that `known` holds: the word itself when it does, else every form it holds. */
export function listBaseForms(word: string, known: (form: string) => boolean): string[] {
  return known(word) ? [word] : [...new Set(listWordForms(word).slice(1).map((f) => f.form))].filter(known);
}
