import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openValidatedFiles } from '../../src/publish/validated-store.ts';
import type { CatalogFile } from '../../src/schemas/catalog-file.ts';
import type { SeenFile, ValidatedRecord } from '../../src/core/catalog/validated-record.ts';

const scratch = mkdtempSync(join(tmpdir(), 'validated-store-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A record of `n` files, with a tab and a newline in the first one's name and text. */
function makeRecord(n: number): ValidatedRecord {
  const files = new Map<string, CatalogFile>();
  const seen = new Map<string, SeenFile>();
  for (let i = 0; i < n; i++) {
    files.set(`d${i}`, { id: `tpl-${i}`, slug: `s-${i}`, description: i === 0 ? 'a\ttab and a\nnewline' : 'plain' } as CatalogFile);
    seen.set(i === 0 ? 'odd\tname\n.json' : `f${i}.json`, [`sig-${i}`, `d${i}`]);
  }
  return { files, seen };
}

describe('openValidatedFiles', () => {
  it('reads back what the same code wrote, past one line of entries, tabs and newlines included', () => {
    const store = openValidatedFiles({ file: join(scratch, 'cache', 'big.tsv'), key: 'code-1' });
    const record = makeRecord(2_500);
    store.write(record);
    expect(store.read()).toEqual(record);
  });

  it('knows nothing for other code, another format, a damaged file or none', () => {
    const file = join(scratch, 'cache', 'v.tsv');
    openValidatedFiles({ file, key: 'code-1' }).write(makeRecord(3));
    expect(openValidatedFiles({ file, key: 'code-2' }).read().files.size).toBe(0);
    const whole = readFileSync(file, 'utf8');
    writeFileSync(file, whole.slice(0, -20));
    expect(openValidatedFiles({ file, key: 'code-1' }).read().files.size).toBe(0);
    writeFileSync(file, whole.replace('tpl-1', 'tpl-9'));
    expect(openValidatedFiles({ file, key: 'code-1' }).read().seen.size).toBe(0);
    writeFileSync(file, JSON.stringify({ format: 'tcs-validated-files/3', key: 'code-1', files: [], seen: [] }));
    expect(openValidatedFiles({ file, key: 'code-1' }).read().seen.size).toBe(0);
    expect(openValidatedFiles({ file: join(scratch, 'none.tsv'), key: 'code-1' }).read().seen.size).toBe(0);
  });
});
