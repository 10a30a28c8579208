import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkRecords } from '../../src/publish/link-reused.ts';

const scratch = mkdtempSync(join(tmpdir(), 'link-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('linkRecords', () => {
  const source = join(scratch, 'b1');
  mkdirSync(join(source, 'client', 'templates'), { recursive: true });
  for (const name of ['templates/a.html', 'templates/a.html.br', 'templates/a.html.gz', 'templates/b.html']) writeFileSync(join(source, 'client', name), name);
  const a = { file: 'templates/a.html', hash: 'a', size: 16, br: 19, gz: 19 };
  const b = { file: 'templates/b.html', hash: 'b', size: 16, br: 0, gz: 0 };

  it('hard-links the files asked for with their siblings, and nothing else', () => {
    const next = join(scratch, 'b2');
    expect(linkRecords(source, next, [a])).toBe(1);
    for (const name of ['templates/a.html', 'templates/a.html.br', 'templates/a.html.gz']) {
      expect(statSync(join(next, 'client', name)).ino).toBe(statSync(join(source, 'client', name)).ino);
    }
    expect(() => statSync(join(next, 'client', 'templates/b.html'))).toThrow();
  });

  it('refuses to link over a file already there, so nothing is written through a link', () => {
    const next = join(scratch, 'b3');
    mkdirSync(join(next, 'client', 'templates'), { recursive: true });
    writeFileSync(join(next, 'client', 'templates/b.html'), 'rendered');
    expect(() => linkRecords(source, next, [b])).toThrow(/EEXIST/);
    expect(readFileSync(join(source, 'client', 'templates/b.html'), 'utf8')).toBe('templates/b.html');
  });

  it('refuses a file the source build no longer has', () => {
    expect(() => linkRecords(source, join(scratch, 'b4'), [{ ...b, file: 'templates/gone.html' }])).toThrow(/ENOENT/);
  });
});
