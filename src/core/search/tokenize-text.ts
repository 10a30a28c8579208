/**
 * Splitting text into words, the same way for the index (build time) and for queries: on
 * spaces and punctuation, lower-cased. A word written with inner punctuation (sign-up,
 * pre-order, what's) is also indexed run together (signup, preorder, whats), so either
 * spelling finds it.
 */
const SPACE = /[\n\r\p{Z}]+/u;
const PUNCTUATION = /[\p{P}]+/u;
const JOINABLE = /^\p{L}+$/u;

/** Every word of `text` in order, plus the run-together form of each punctuated word. */
export function tokenizeText(text: string): string[] {
  const words: string[] = [];
  for (const chunk of text.toLowerCase().split(SPACE)) {
    const parts = chunk.split(PUNCTUATION).filter(Boolean);
    words.push(...parts);
    if (parts.length > 1 && parts.every((p) => JOINABLE.test(p))) words.push(parts.join(''));
  }
  return words;
}

/** The words of a query in order (no run-together extras: the search joins neighbours itself). */
export function splitQueryWords(query: string): string[] {
  return query.toLowerCase().split(SPACE).flatMap((chunk) => chunk.split(PUNCTUATION)).filter(Boolean);
}

/**
 * Words that carry no topic in a sentence ("a video for our product launch"): dropped from a
 * query unless it has nothing else, so they never count against the AND. Domain filler
 * (video, template) is here too: every template is a video template.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  ('a an the and or of for to in on at by with from into about as so than then that this these those ' +
    'is are be been was were am do does did can could would should will shall may might must ' +
    'i me my we us our you your it its they their them he she his her some any something anything ' +
    'need needs want wants looking look find show give get got please help like just also very ' +
    'which what whats where who how there here one ones s t ' +
    'video videos template templates clip clips make making create creating use using')
    .split(' '),
);
