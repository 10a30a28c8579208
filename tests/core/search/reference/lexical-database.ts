/**
 * The oracle: WordNet's files as the build read them with a split per line
 * (src/core/search/lexical-database.ts at f9751e6), verbatim, so tests can prove the cursor
 * parser reads the same database.
 */
import type { LexicalDatabase } from '../../../../src/core/search/lexical-database.ts';

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
