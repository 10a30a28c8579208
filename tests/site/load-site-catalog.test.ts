import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/read-config.ts';
import { readCatalogSources, loadSiteCatalog } from '../../src/site/load-site-catalog.ts';
import { openValidatedFiles } from '../../src/publish/validated-store.ts';

const scratch = mkdtempSync(join(tmpdir(), 'validated-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const hourAgo = new Date(Date.now() - 3_600_000);

/** A copy of the repository catalog. */
function copyCatalog(name: string): string {
  const dir = join(scratch, name);
  cpSync('templates', dir, { recursive: true });
  return dir;
}

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
    const file = join(scratch, 'cache', 'site.tsv');
    const remember = openValidatedFiles({ file, key: 'code-1' });
    const config = { ...readConfig({}), CATALOG_DIR: catalog };
    const first = loadSiteCatalog({ ...config, SITE_URL: 'https://a.test' }, remember);
    expect(remember.read().files.size).toBe(first.valid.entries.length);
    const written = statSync(file).mtimeMs;
    const second = loadSiteCatalog({ ...config, SITE_URL: 'https://b.test' }, remember); // another address: loaded again
    expect(second.valid.entries.map((e) => e.data)).toEqual(first.valid.entries.map((e) => e.data));
    rmSync(join(catalog, 'retro-vhs-launch.json'));
    const third = loadSiteCatalog({ ...config, SITE_URL: 'https://c.test' }, remember);
    expect(remember.read().files.size).toBe(third.valid.entries.length);
    expect(third.valid.entries.length).toBe(first.valid.entries.length - 1);
    expect(statSync(file).mtimeMs).toBeGreaterThanOrEqual(written);
  });
});
