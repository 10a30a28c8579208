import { cpSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSiteCatalog } from '../../src/site/load-site-catalog.ts';
import { readValidatedFiles, writeValidatedFiles } from '../../src/site/validated-files.ts';
import { readConfig } from '../../src/config/read-config.ts';
import type { CatalogFile } from '../../src/schemas/catalog-file.ts';

const scratch = mkdtempSync(join(tmpdir(), 'validated-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const data = { id: 'tpl-1', slug: 'a' } as CatalogFile;

describe('readValidatedFiles / writeValidatedFiles', () => {
  const record = { file: join(scratch, 'cache', 'v.json'), key: 'code-1' };

  it('reads back what the same code wrote, and nothing for other code or a damaged record', () => {
    writeValidatedFiles(record, new Map([['d1', data]]));
    expect(readValidatedFiles(record)).toEqual(new Map([['d1', data]]));
    expect(readValidatedFiles({ ...record, key: 'code-2' })).toEqual(new Map());
    writeFileSync(record.file, '{"format":"tcs-validated-files/1","key":"code-1","files":');
    expect(readValidatedFiles(record)).toEqual(new Map());
    expect(readValidatedFiles({ ...record, file: join(scratch, 'none.json') })).toEqual(new Map());
  });
});

describe('loadSiteCatalog', () => {
  it('remembers the files it validated, and rewrites the record only when a file changed', () => {
    const catalog = join(scratch, 'templates');
    cpSync('templates', catalog, { recursive: true });
    const remember = { file: join(scratch, 'cache', 'site.json'), key: 'code-1' };
    const config = { ...readConfig({}), CATALOG_DIR: catalog };
    const first = loadSiteCatalog({ ...config, SITE_URL: 'https://a.test' }, remember);
    expect(readValidatedFiles(remember).size).toBe(first.valid.entries.length);
    const written = statSync(remember.file).mtimeMs;
    loadSiteCatalog({ ...config, SITE_URL: 'https://b.test' }, remember); // another address: loaded again, nothing new to remember
    expect(statSync(remember.file).mtimeMs).toBe(written);
    rmSync(join(catalog, 'retro-vhs-launch.json'));
    const third = loadSiteCatalog({ ...config, SITE_URL: 'https://c.test' }, remember);
    expect(readValidatedFiles(remember).size).toBe(third.valid.entries.length);
    expect(third.valid.entries.length).toBe(first.valid.entries.length - 1);
  });
});
