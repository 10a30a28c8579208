import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkReused } from '../../src/publish/link-reused.ts';

const scratch = mkdtempSync(join(tmpdir(), 'link-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('linkReused', () => {
  const source = join(scratch, 'b1');
  mkdirSync(join(source, 'client', 'templates'), { recursive: true });
  for (const name of ['templates/a.html', 'templates/a.html.br', 'templates/a.html.gz', 'templates/b.html']) writeFileSync(join(source, 'client', name), name);
  const files = new Map([
    ['templates/a.html', { hash: 'a', size: 16, br: 19, gz: 19 }],
    ['templates/b.html', { hash: 'b', size: 16, br: 0, gz: 0 }],
  ]);
  const build = { dir: source, manifest: { files }, files: new Map([['/templates/a', ['templates/a.html']], ['/templates/b', ['templates/b.html']]]) };

  it('hard-links the pages asked for with their siblings, and nothing else', () => {
    const next = join(scratch, 'b2');
    const linked = linkReused(build, next, ['/templates/a']);
    expect([...linked]).toEqual([['templates/a.html', files.get('templates/a.html')]]);
    for (const name of ['templates/a.html', 'templates/a.html.br', 'templates/a.html.gz']) {
      expect(statSync(join(next, 'client', name)).ino).toBe(statSync(join(source, 'client', name)).ino);
    }
    expect(() => statSync(join(next, 'client', 'templates/b.html'))).toThrow();
  });

  it('refuses to link over a file already there, so nothing is written through a link', () => {
    const next = join(scratch, 'b3');
    mkdirSync(join(next, 'client', 'templates'), { recursive: true });
    writeFileSync(join(next, 'client', 'templates/b.html'), 'rendered');
    expect(() => linkReused(build, next, ['/templates/b'])).toThrow(/EEXIST/);
    expect(readFileSync(join(source, 'client', 'templates/b.html'), 'utf8')).toBe('templates/b.html');
  });
});
