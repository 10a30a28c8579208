/**
 * The forms a word may be the inflection of, itself first, by WordNet's detachment rules
 * (launches → launch, warmest → warm, parties → party). WordNet files base forms only, and the
 * related words are filed by them: a query's word finds its own lemma's entry ("concert" music,
 * not "concerted" corporate, which shares its stem).
 */
export function listWordForms(word: string): string[] {
  const forms = [word];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  for (const end of ['ing', 'ed', 'est', 'er']) if (word.endsWith(end) && word.length > end.length + 2) forms.push(word.slice(0, -end.length), `${word.slice(0, -end.length)}e`);
  return forms;
}

/** The base forms of a word that `known` holds: the word itself when it does, else every form it holds. */
export function listBaseForms(word: string, known: (form: string) => boolean): string[] {
  return known(word) ? [word] : listWordForms(word).slice(1).filter(known);
}
