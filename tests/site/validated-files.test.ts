import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/read-config.ts';
import { readCatalogSources, loadSiteCatalog } from '../../src/site/load-site-catalog.ts';
import { readValidatedFiles, writeValidatedFiles } from '../../src/site/validated-files.ts';
import type { CatalogFile } from '../../src/schemas/catalog-file.ts';

const scratch = mkdtempSync(join(tmpdir(), 'validated-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const data = { id: 'tpl-1', slug: 'a' } as CatalogFile;
const hourAgo = new Date(Date.now() - 3_600_000);

/** A copy of the repository catalog. */
function copyCatalog(name: string): string {
  const dir = join(scratch, name);
  cpSync('templates', dir, { recursive: true });
  return dir;
}

describe('readValidatedFiles / writeValidatedFiles', () => {
  const record = { file: join(scratch, 'cache', 'v.json'), key: 'code-1' };

  it('reads back what the same code wrote, and nothing for other code or a damaged record', () => {
    writeValidatedFiles(record, { files: new Map([['d1', data]]), seen: new Map([['a.json', ['sig', 'd1']]]) });
    expect(readValidatedFiles(record)).toEqual({ files: new Map([['d1', data]]), seen: new Map([['a.json', ['sig', 'd1']]]) });
    expect(readValidatedFiles({ ...record, key: 'code-2' }).files.size).toBe(0);
    writeFileSync(record.file, '{"format":"tcs-validated-files/2","key":"code-1","files":');
    expect(readValidatedFiles(record).files.size).toBe(0);
    expect(readValidatedFiles({ ...record, file: join(scratch, 'none.json') }).seen.size).toBe(0);
  });
});

describe('readCatalogSources', () => {
  it('does not read a file that looks as recorded, and reads one that changed since, even with its times set back', async () => {
    const dir = copyCatalog('seen');
    const file = join(dir, 'retro-vhs-launch.json');
    await new Promise((r) => setTimeout(r, 1100)); // the copies settle: changed more than a second before they are read
    const first = readCatalogSources(dir, new Map());
    const again = readCatalogSources(dir, first.seen);
    expect(again.files.find((f) => f.path.endsWith('/retro-vhs-launch.json'))).toEqual({ path: expect.any(String), digest: first.seen.get('retro-vhs-launch.json')![1] });
    writeFileSync(file, readFileSync(file, 'utf8').replace('Retro', 'Retrô'));
    utimesSync(file, hourAgo, hourAgo); // the change time still moves
    const edited = readCatalogSources(dir, first.seen).files.find((f) => f.path.endsWith('/retro-vhs-launch.json'))!;
    expect(edited.text).toContain('Retrô');
    expect(edited.digest).not.toBe(first.seen.get('retro-vhs-launch.json')![1]);
  });

  it('does not record a file changed within the last second: another write in the same tick could keep its times', () => {
    const dir = copyCatalog('fresh');
    writeFileSync(join(dir, 'retro-vhs-launch.json'), readFileSync(join(dir, 'retro-vhs-launch.json')));
    expect(readCatalogSources(dir, new Map()).seen.has('retro-vhs-launch.json')).toBe(false);
  });
});

describe('loadSiteCatalog', () => {
  it('remembers the files it validated, and rewrites the record only when a file changed', () => {
    const catalog = copyCatalog('load');
    const remember = { file: join(scratch, 'cache', 'site.json'), key: 'code-1' };
    const config = { ...readConfig({}), CATALOG_DIR: catalog };
    const first = loadSiteCatalog({ ...config, SITE_URL: 'https://a.test' }, remember);
    expect(readValidatedFiles(remember).files.size).toBe(first.valid.entries.length);
    const written = statSync(remember.file).mtimeMs;
    const second = loadSiteCatalog({ ...config, SITE_URL: 'https://b.test' }, remember); // another address: loaded again
    expect(second.valid.entries.map((e) => e.data)).toEqual(first.valid.entries.map((e) => e.data));
    rmSync(join(catalog, 'retro-vhs-launch.json'));
    const third = loadSiteCatalog({ ...config, SITE_URL: 'https://c.test' }, remember);
    expect(readValidatedFiles(remember).files.size).toBe(third.valid.entries.length);
    expect(third.valid.entries.length).toBe(first.valid.entries.length - 1);
    expect(statSync(remember.file).mtimeMs).toBeGreaterThanOrEqual(written);
  });
});
