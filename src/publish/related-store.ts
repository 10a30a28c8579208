import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RelatedWords, RelatedWordsStore } from '../core/search/relate-words.ts';
import { readRecordFile, writeRecordFile } from './line-records.ts';
import type { ValidatedFiles } from './validated-store.ts';

/** The format of the file: one related word a line (the word, then "term closeness" fields). */
const FORMAT = 'tcs-related-words/1';

/** Where the words related by meaning are kept: beside the record of validated files, one per catalog. */
export function locateRelatedWords(validatedFile: string): string {
  return validatedFile.replace(/(\.validated\.tsv)?$/, '.related.tsv');
}

/** Forgets what was kept (`--full` trusts nothing an earlier publish kept). */
export function forgetRelatedWords(validatedFile: string): void {
  rmSync(locateRelatedWords(validatedFile), { force: true });
}

/**
 * The store a publish relates words through: what the last publish of the same code (`key`)
 * found for the same targets, from a checksummed line-record file; anything else (another code,
 * other targets, a damaged file) reads as nothing, and the words are related again.
 */
export function openRelatedWords({ file, key }: ValidatedFiles): RelatedWordsStore {
  const path = locateRelatedWords(file);
  return {
    read(targets) {
      try {
        const { header, records } = readRecordFile(path);
        const h = header as { format?: string; code?: string; targets?: string };
        if (h.format !== FORMAT || h.code !== key || h.targets !== targets) return undefined;
        const related: RelatedWords = new Map();
        for (const [word, ...terms] of records) {
          related.set(word!, terms.map((t) => [t.slice(0, t.lastIndexOf(' ')), Number(t.slice(t.lastIndexOf(' ') + 1))]));
        }
        return related;
      } catch {
        return undefined;
      }
    },
    write(targets, related) {
      try {
        mkdirSync(dirname(path), { recursive: true });
        const records = [...related].map(([word, terms]) => [word, ...terms.map(([t, c]) => `${t} ${c}`)]);
        writeRecordFile(path, { format: FORMAT, code: key, targets }, records);
      } catch (err) {
        // Slower next time, not wrong: the next publish relates the words again.
        console.warn(`catalog: the words related by meaning were not kept (${(err as Error).message})`);
      }
    },
  };
}
