/**
 * Splitting text into words, the same way for the index (build time) and for queries: on
 * spaces and punctuation, lower-cased. A word written with inner punctuation (sign-up,
 * pre-order, what's) is also indexed run together (signup, preorder, whats), so either
 * spelling finds it.
 */
const SPACE = /[\n\r\p{Z}]+/u;
const PUNCTUATION = /[\p{P}]+/u;
const JOINABLE = /^\p{L}+$/u;
const PAST_ASCII = /[^\x00-\x7f]/;

// Each ASCII character's class, read off the expressions above so the two paths cannot disagree.
const SPACE_CHAR = 1;
const PUNCTUATION_CHAR = 2;
const LETTER = 4;
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, c) => {
  const s = String.fromCharCode(c);
  return SPACE.test(s) ? SPACE_CHAR : PUNCTUATION.test(s) ? PUNCTUATION_CHAR : JOINABLE.test(s) ? LETTER : 0;
});

/** Whether scanAsciiWords can read `text` (lower-cased): all of it ASCII. */
export const isAsciiText = (text: string): boolean => !PAST_ASCII.test(text);

/** Whether an ASCII character is punctuation to tokenizeText. */
export const isAsciiPunctuation = (c: number): boolean => ASCII_CLASS[c] === PUNCTUATION_CHAR;

/** FNV-1a over UTF-16 code units: step from `hash` (start at WORD_HASH_SEED) by one code unit. */
export const stepWordHash = (hash: number, c: number): number => Math.imul(hash ^ c, 16777619);
/** Where a word's stepWordHash starts (FNV-1a's offset basis). */
export const WORD_HASH_SEED = 0x811c9dc5 | 0;

/**
 * Receives the words of a text as ranges: [from, to) of `text`, with its stepWordHash; a
 * run-together word (after its `joined` parts; 0 for any other word) spans its chunk,
 * punctuation to be skipped.
 */
export type WordVisitor = (text: string, from: number, to: number, hash: number, joined: number) => void;

/**
 * tokenizeText's words of a lower-case text all in ASCII, as ranges and without making strings:
 * the index build hashes and counts them where they stand (count-words.ts). Reading and
 * splitting every field of 50,000 realistic templates took 0.22–0.43 s with the expressions, a
 * string per word, and 0.15–0.29 s scanned (runs on a busy machine, before any word lookup).
 */
export function scanAsciiWords(s: string, visit: WordVisitor): void {
  const n = s.length;
  let i = 0;
  while (i < n) {
    // One chunk (up to the next space): its parts, then them run together when all are letters.
    const from = i;
    let parts = 0;
    let letters = true;
    let joined = WORD_HASH_SEED;
    let c = 0;
    while (i < n && ASCII_CLASS[(c = s.charCodeAt(i))] !== SPACE_CHAR) {
      if (ASCII_CLASS[c] === PUNCTUATION_CHAR) {
        i++;
        continue;
      }
      const start = i;
      let hash = WORD_HASH_SEED;
      for (; i < n && (ASCII_CLASS[(c = s.charCodeAt(i))]! & (SPACE_CHAR | PUNCTUATION_CHAR)) === 0; i++) {
        hash = stepWordHash(hash, c);
        joined = stepWordHash(joined, c);
        if (ASCII_CLASS[c] !== LETTER) letters = false;
      }
      visit(s, start, i, hash, 0);
      parts++;
    }
    if (parts > 1 && letters) visit(s, from, i, joined, parts);
    i++;
  }
}

/** Every word of `text` in order, plus the run-together form of each punctuated word. */
export function tokenizeText(text: string): string[] {
  const lower = text.toLowerCase();
  const words: string[] = [];
  if (!PAST_ASCII.test(lower)) {
    scanAsciiWords(lower, (s, from, to, _, joined) => words.push(joined ? words.slice(-joined).join('') : s.slice(from, to)));
    return words;
  }
  for (const chunk of lower.split(SPACE)) {
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
    'video videos template templates clip clips make making create creating use using style styled')
    .split(' '),
);
