import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RelatedWords } from '../../src/core/search/relate-words.ts';
import { writeRelatedWords } from '../../src/core/search/related-words-text.ts';
import { forgetRelatedWords, locateRelatedWords, openRelatedWords } from '../../src/publish/related-store.ts';

const scratch = mkdtempSync(join(tmpdir(), 'related-store-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const related: RelatedWords = new Map([
  ['jog', [['workout', 0.36], ['fitness', 0.2]]],
  ['apparel', [['fashion', 0.5]]],
  ['heatwav', [['summer', 0.07]]],
]);

describe('openRelatedWords', () => {
  const validated = join(scratch, 'cache', 'abc.validated.tsv');

  it('reads back, for the same code and targets, what writes the same index section byte for byte', () => {
    const store = openRelatedWords({ file: validated, key: 'code-1' });
    store.write('targets-1', related);
    const read = store.read('targets-1')!;
    expect(read).toEqual(related);
    expect(writeRelatedWords(read)).toBe(writeRelatedWords(related));
  });

  it('reads nothing for other targets or another code', () => {
    expect(openRelatedWords({ file: validated, key: 'code-1' }).read('targets-2')).toBeUndefined();
    expect(openRelatedWords({ file: validated, key: 'code-2' }).read('targets-1')).toBeUndefined();
  });

  it('reads nothing from a damaged file, and nothing once forgotten', () => {
    const path = locateRelatedWords(validated);
    expect(path).toBe(join(scratch, 'cache', 'abc.related.tsv'));
    writeFileSync(path, readFileSync(path, 'utf8').replace('workout', 'workoux'));
    expect(openRelatedWords({ file: validated, key: 'code-1' }).read('targets-1')).toBeUndefined();
    forgetRelatedWords(validated);
    expect(existsSync(path)).toBe(false);
    expect(openRelatedWords({ file: validated, key: 'code-1' }).read('targets-1')).toBeUndefined();
  });

  it('reads what a publish into another folder kept in the shared folder, for the same code only', () => {
    const shared = join(scratch, 'shared');
    openRelatedWords({ file: join(scratch, 'one', 'x.validated.tsv'), key: 'code-1', shared }).write('targets-3', related);
    const elsewhere = join(scratch, 'two', 'x.validated.tsv');
    expect(openRelatedWords({ file: elsewhere, key: 'code-1', shared }).read('targets-3')).toEqual(related);
    expect(openRelatedWords({ file: elsewhere, key: 'code-2', shared }).read('targets-3')).toBeUndefined();
    expect(openRelatedWords({ file: elsewhere, key: 'code-1' }).read('targets-3')).toBeUndefined();
  });
});
