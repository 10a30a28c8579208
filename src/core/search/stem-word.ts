/**
 * A light English stemmer for search: strips plural and verb inflections so launch, launches,
 * launching and launched meet (review/reviews, hire/hiring, story/stories). Stems are keys, not
 * words ("hire" → "hir"); both the index vocabulary and the query pass through it, so only
 * agreement matters. Deliberately small (no derivational suffixes such as -er, -ly, -tion):
 * teaser stays apart from tease, which keeps "teaser" precise.
 */
const VOWEL = /[aeiouy]/;
const UNDOUBLE = /([bdfgkmnprt])\1$/;

function stripInflection(word: string): string {
  if (word.length <= 3) return word;
  if (/(?:ss|ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    const root = word.slice(0, -suffix.length);
    if (word.endsWith(suffix) && root.length >= 3 && VOWEL.test(root)) return root.replace(UNDOUBLE, '$1');
  }
  return word;
}

/** The stem of a lower-case word (identity for short words, numbers and non-Latin words). */
export function stemWord(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  const root = stripInflection(word);
  // A final e goes, so hire/hiring and make/making share "hir" and "mak".
  return root.length > 3 && root.endsWith('e') ? root.slice(0, -1) : root;
}
