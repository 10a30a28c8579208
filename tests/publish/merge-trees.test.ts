import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeTrees } from '../../src/publish/merge-trees.ts';

const scratch = mkdtempSync(join(tmpdir(), 'merge-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const put = (root: string, files: string[]) => {
  for (const f of files) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), f);
  }
};

describe('mergeTrees', () => {
  it('moves folders the target lacks whole and merges shared ones file by file', () => {
    const from = join(scratch, 'a', 'keyed');
    const into = join(scratch, 'a', 'client');
    put(from, ['posters/x.svg', 'posters/y.svg', 'templates/x.md']);
    put(into, ['templates/x.html', 'index.html']);
    const posters = statSync(join(from, 'posters')).ino;
    mergeTrees(from, into);
    expect(statSync(join(into, 'posters')).ino).toBe(posters); // one rename, not one a file
    expect(readdirSync(join(into, 'templates')).sort()).toEqual(['x.html', 'x.md']);
    expect(readFileSync(join(into, 'templates', 'x.md'), 'utf8')).toBe('templates/x.md');
    expect(() => statSync(from)).toThrow();
  });

  it('refuses a file both trees have', () => {
    const from = join(scratch, 'b', 'keyed');
    const into = join(scratch, 'b', 'client');
    put(from, ['templates/x.md']);
    put(into, ['templates/x.md']);
    expect(() => mergeTrees(from, into)).toThrow(/two outputs of the build are named/);
  });
});
