/**
 * The judged "did you mean" set: misspellings as people type them, each with the suggestion it
 * should get, and words the sample catalog lacks (or shares little with), which must get none.
 * A suggestion must be close to what was typed and find templates when searched.
 */
export interface JudgedSuggestion {
  q: string;
  /** The correction expected; undefined when no suggestion may be given. */
  suggestion: string | undefined;
}

export const MISSPELLINGS: readonly JudgedSuggestion[] = [
  { q: 'prodcut lanuch', suggestion: 'product launch' },
  { q: 'podcsat epsiode', suggestion: 'podcast episode' },
  { q: 'testimonail', suggestion: 'testimonial' },
  { q: 'tesimonial video', suggestion: 'testimonial video' },
  { q: 'webnar countdown', suggestion: 'webinar countdown' },
  { q: 'hirign', suggestion: 'hiring' },
  { q: 'recruitmnet video', suggestion: 'recruitment video' },
  { q: 'festval', suggestion: 'festival' },
  { q: 'contdown timer', suggestion: 'countdown timer' },
  { q: 'blak friday sale', suggestion: 'black friday sale' },
  { q: 'summer sael', suggestion: 'summer sale' },
  { q: 'unboxnig', suggestion: 'unboxing' },
  { q: 'keynote opner', suggestion: 'keynote opener' },
  { q: 'conferance speakers', suggestion: 'conference speakers' },
  { q: 'meditaton app', suggestion: 'meditation app' },
  { q: 'changelgo', suggestion: 'changelog' },
  { q: 'glich teaser', suggestion: 'glitch teaser' },
  { q: 'free prodcut lanuch under 30 s', suggestion: 'free product launch under 30 s' },
  { q: 'brand manifseto', suggestion: 'brand manifesto' },
  { q: 'dashbord', suggestion: 'dashboard' },
];

export const MISSING_WORDS: readonly JudgedSuggestion[] = [
  { q: 'cheap', suggestion: undefined },
  { q: 'real estate listing', suggestion: undefined },
  { q: 'jogging tracker', suggestion: undefined },
  { q: 'wedding', suggestion: undefined },
  { q: 'dentist', suggestion: undefined },
  { q: 'kangaroo', suggestion: undefined },
  { q: 'mortgage rates', suggestion: undefined },
  { q: 'crypto', suggestion: undefined },
  { q: 'yoga class', suggestion: undefined },
  { q: 'pizza', suggestion: undefined },
  { q: 'halloween', suggestion: undefined },
  { q: 'birthday party', suggestion: undefined },
  { q: 'qwxzvbn', suggestion: undefined },
  { q: 'lawyer', suggestion: undefined },
  { q: 'tutoring', suggestion: undefined },
];
