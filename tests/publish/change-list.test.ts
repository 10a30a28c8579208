import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildContents } from '../../src/publish/describe-build.ts';
import type { ManifestFile } from '../../src/publish/manifest-segments.ts';
import { compareVersions, computeChangeList, writeChangeList } from '../../src/publish/change-list.ts';
import { changeListSchema } from '../../src/schemas/change-list.ts';

const file = (hash: string): ManifestFile => ({ hash, size: 10, br: 0, gz: 0 });
const manifest = (build: string, files: Record<string, string>, templates: Record<string, string>): BuildContents => ({
  build,
  files: new Map(Object.entries(files).map(([k, v]) => [k, file(v)])),
  templates: new Map(Object.entries(templates)),
});

describe('compareVersions', () => {
  it('sorts what was added, changed and removed', () => {
    const before = new Map([['b', '1'], ['a', '1'], ['gone', '1']]);
    const after = new Map([['b', '2'], ['a', '1'], ['new-2', '1'], ['new-1', '1']]);
    expect(compareVersions(before, after)).toEqual({ changed: ['b'], added: ['new-1', 'new-2'], removed: ['gone'] });
  });
});

describe('computeChangeList', () => {
  const previous = manifest(
    'b1',
    { 'index.html': 'h1', 'templates/a.html': 'a1', 'api/v1/templates/tpl-1': 'j1', 'templates/gone.html': 'g1' },
    { 'tpl-1': 'd1', 'tpl-9': 'd9' },
  );

  it('names served paths, not files, and template ids, against the previous build', () => {
    const next = manifest(
      'b2',
      { 'index.html': 'h2', 'templates/a.html': 'a1', 'api/v1/templates/tpl-1': 'j2', 'templates/new.html': 'n1', 'templates/new.md': 'n2' },
      { 'tpl-1': 'd2', 'tpl-2': 'd3' },
    );
    const list = computeChangeList(next, previous, 'incremental');
    expect(changeListSchema.parse(list)).toEqual({
      version: 1,
      build: 'b2',
      previous: 'b1',
      mode: 'incremental',
      paths: { changed: ['/', '/api/v1/templates/tpl-1'], added: ['/templates/new', '/templates/new.md'], removed: ['/templates/gone'] },
      templates: { changed: ['tpl-1'], added: ['tpl-2'], removed: ['tpl-9'] },
    });
  });

  it('counts everything as added when there is no previous build', () => {
    const list = computeChangeList(manifest('b1', { 'index.html': 'h' }, { 'tpl-1': 'd' }), null, 'full');
    expect(list.previous).toBeNull();
    expect(list.paths).toEqual({ changed: [], added: ['/'], removed: [] });
    expect(list.templates.added).toEqual(['tpl-1']);
  });
});

describe('writeChangeList', () => {
  const dir = mkdtempSync(join(tmpdir(), 'change-list-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes changes.json in the shared format', () => {
    const list = computeChangeList(manifest('b1', { 'index.html': 'h' }, {}), null, 'full');
    writeChangeList(dir, list);
    expect(changeListSchema.parse(JSON.parse(readFileSync(join(dir, 'changes.json'), 'utf8')))).toEqual(list);
  });

  it('refuses a list the schema refuses, writing nothing', () => {
    const bad = { ...computeChangeList(manifest('b2', {}, {}), null, 'full'), paths: { changed: ['no-slash'], added: [], removed: [] } };
    expect(() => writeChangeList(join(dir, 'sub'), bad)).toThrow();
  });
});
