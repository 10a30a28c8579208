import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listFiles } from '../../src/publish/scan-files.ts';
import { makeUploadFolder } from '../../src/publish/upload-folder.ts';

const client = join(inject('distDir'), 'client');
const scratch = mkdtempSync(join(tmpdir(), 'upload-folder-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('makeUploadFolder', () => {
  it('links every file of the build but the precompressed siblings, the host files included', () => {
    const target = join(scratch, 'upload');
    const done = makeUploadFolder(client, target);
    const built = listFiles(client);
    const uploaded = listFiles(target).sort();
    expect(uploaded.filter((f) => /\.(br|gz)$/.test(f))).toEqual([]);
    expect(uploaded).toEqual(built.filter((f) => !/\.(br|gz)$/.test(f)).sort());
    expect(uploaded).toEqual(expect.arrayContaining(['_headers', '_redirects', 'index.html', '.well-known/api-catalog']));
    expect(done).toEqual({ files: uploaded.length, siblings: built.length - uploaded.length, copied: 0 });
    for (const f of ['index.html', '_headers']) expect(statSync(join(target, f)).ino).toBe(statSync(join(client, f)).ino);
  });

  it('refuses a folder that is not empty', () => {
    const target = join(scratch, 'taken');
    mkdirSync(target);
    writeFileSync(join(target, 'x'), '');
    expect(() => makeUploadFolder(client, target)).toThrow(/not empty/);
  });
});
