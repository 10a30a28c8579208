import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLink, findCodePaths, findLinkTargets, listDocPages } from './read-doc-links.ts';

const root = join(import.meta.dirname, '../..');
const pages = listDocPages(root);
const read = (page: string) => readFileSync(join(root, page), 'utf8');

describe('the documentation in a clone', () => {
  it.each(pages)('%s: every relative link and #anchor resolves inside the repository', (page) => {
    const broken = findLinkTargets(read(page)).flatMap((target) => checkLink(root, page, target) ?? []);
    expect(broken).toEqual([]);
  });

  it.each(pages)('%s: every repository path it names in code exists', (page) => {
    const missing = findCodePaths(read(page)).filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it.each([
    ['README.md', 250],
    ['BENCHMARKS.md', 400],
  ])('keeps %s within %i lines (the front door reads in five minutes; the rest goes to docs/ or git history)', (page, lines) => {
    expect(read(page).split('\n').length).toBeLessThanOrEqual(lines);
  });

  it('reaches every page of docs/ from the README', () => {
    const linked = new Set(findLinkTargets(read('README.md')).map((t) => t.split('#')[0]));
    expect(pages.filter((p) => p.startsWith('docs/') && !linked.has(p))).toEqual([]);
  });
});

/** Files of the planning folder beside the repository, which a clone does not have. */
const OUTSIDE = ['PRODUCT', 'SPEC'].map((name) => `${name}.md`).concat(`..${'/'}shared/`);

describe('the code and the docs cite no file a clone lacks', () => {
  const folders = ['src', 'scripts', 'tests', 'deploy', 'docs', '.ci'];
  const files = folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.parentPath.includes('fixtures'))
      .map((e) => join(e.parentPath, e.name)),
  );
  it.each(['README.md', 'BENCHMARKS.md'])('%s', (page) => {
    expect(OUTSIDE.filter((name) => read(page).includes(name))).toEqual([]);
  });
  it('src, scripts, tests, deploy, docs, .ci', () => {
    const citing = files.filter((file) => OUTSIDE.some((name) => readFileSync(file, 'utf8').includes(name)));
    expect(citing.map((file) => file.slice(root.length + 1))).toEqual([]);
  });
});

describe('checkLink', () => {
  it('refuses a link that leaves the repository', () => {
    expect(checkLink(root, 'README.md', '../elsewhere/notes.md')).toMatch(/outside the repository/);
  });

  it('refuses an anchor no heading gives', () => {
    expect(checkLink(root, 'README.md', 'docs/api.md#no-such-heading')).toMatch(/no heading/);
  });

  it('accepts a heading written with code and punctuation', () => {
    expect(checkLink(root, 'docs/deploying.md', '#2-what-each-answer-tells-a-cdn')).toBeUndefined();
  });
});
