import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { digestText } from '../core/catalog/digest-template.ts';
import type { RelatedWords, RelatedWordsStore } from '../core/search/relate-words.ts';
import { readRecordFile, writeRecordFile } from './line-records.ts';
import type { ValidatedFiles } from './validated-store.ts';

/** The format of the file: one related word a line (the word, then "term closeness" fields). */
const FORMAT = 'tcs-related-words/1';

/** Where the words related by meaning are kept: beside the record of validated files, one per catalog. */
export function locateRelatedWords(validatedFile: string): string {
  return validatedFile.replace(/(\.validated\.tsv)?$/, '.related.tsv');
}

/**
 * The machine's shared folder of related words (ValidatedFiles.shared), in its temporary folder
 * (under vitest, the run's own): relating the sample catalog's words costs ~5 s of CPU, and the
 * test suite's ~40 publishes into fresh folders would each pay it for the same code and targets.
 */
export function locateSharedRelatedWords(): string {
  return join(tmpdir(), 'template-catalog-related-words');
}

/** Forgets what was kept (`--full` trusts nothing an earlier publish kept). */
export function forgetRelatedWords(validatedFile: string): void {
  rmSync(locateRelatedWords(validatedFile), { force: true });
}

/** Reads one file of related words, or undefined unless it was made by `code` for `targets`. */
function readRelated(path: string, code: string, targets: string): RelatedWords | undefined {
  try {
    const { header, records } = readRecordFile(path);
    const h = header as { format?: string; code?: string; targets?: string };
    if (h.format !== FORMAT || h.code !== code || h.targets !== targets) return undefined;
    const related: RelatedWords = new Map();
    for (const [word, ...terms] of records) {
      related.set(word!, terms.map((t) => [t.slice(0, t.lastIndexOf(' ')), Number(t.slice(t.lastIndexOf(' ') + 1))]));
    }
    return related;
  } catch {
    return undefined;
  }
}

/**
 * The store a publish relates words through: what the last publish of the same code (`key`)
 * found for the same targets, from a checksummed line-record file, beside the catalog's record
 * or else in the machine's shared folder (named by code and targets, written by a rename, so
 * concurrent publishes see a whole file or none); anything else (another code, other targets, a
 * damaged file) reads as nothing, and the words are related again.
 */
export function openRelatedWords({ file, key, shared }: ValidatedFiles): RelatedWordsStore {
  const own = locateRelatedWords(file);
  const inShared = (targets: string) => shared && join(shared, `${digestText(`${key}\n${targets}`)}.related.tsv`);
  return {
    read(targets) {
      const path = inShared(targets);
      return readRelated(own, key, targets) ?? (path ? readRelated(path, key, targets) : undefined);
    },
    write(targets, related) {
      const records = [...related].map(([word, terms]) => [word, ...terms.map(([t, c]) => `${t} ${c}`)]);
      for (const path of [own, inShared(targets)]) {
        if (!path) continue;
        try {
          mkdirSync(dirname(path), { recursive: true });
          writeRecordFile(path, { format: FORMAT, code: key, targets }, records);
        } catch (err) {
          // Slower next time, not wrong: the next publish relates the words again.
          console.warn(`catalog: the words related by meaning were not kept (${(err as Error).message})`);
        }
      }
    },
  };
}
