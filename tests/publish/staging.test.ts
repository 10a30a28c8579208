import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeManifestHead, writeManifestSegment } from '../../src/publish/build-manifest.ts';
import { mergeStaged } from '../../src/publish/merge-staged.ts';
import { writeReuseCache } from '../../src/publish/reuse-cache.ts';
import { claimStaging, locateStaging, prepareStaging } from '../../src/publish/staging.ts';

const scratch = mkdtempSync(join(tmpdir(), 'staging-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const BUILD = '20260101T000000Z-0001';
const records = ['a', 'b', 'c'].map((s) => ({ path: `/templates/${s}`, key: `k${s}`, file: `templates/${s}.html`, hash: s, size: 1, br: s === 'a' ? 1 : 0, gz: 0 }));

/** A published build of three keyed pages (a with a .br sibling) and a reuse cache naming it. */
function makeBuild(name: string): string {
  const buildsDir = join(scratch, name, 'dist.builds');
  const dir = join(buildsDir, BUILD);
  for (const f of ['templates/a.html', 'templates/a.html.br', 'templates/b.html', 'templates/c.html', 'index.html']) {
    mkdirSync(dirname(join(dir, 'client', f)), { recursive: true });
    writeFileSync(join(dir, 'client', f), f);
  }
  writeManifestSegment(dir, 0, 1, { digest: 'd', keyed: records, templates: [] });
  writeManifestHead(dir, { build: BUILD, segments: ['d'], files: new Map([['index.html', { hash: 'i', size: 1, br: 0, gz: 0 }]]) });
  writeReuseCache({ catalogDir: join(scratch, name, 'templates'), buildsDir, build: BUILD, inputs: { code: 'c', config: {} } });
  return buildsDir;
}

describe('prepareStaging / claimStaging', () => {
  it('links every keyed output with its siblings ahead, and hands the tree to the next build', () => {
    const buildsDir = makeBuild('ok');
    expect(prepareStaging(buildsDir, join(scratch, 'ok', 'templates'), BUILD)).toBe(3);
    const staged = join(locateStaging(buildsDir, BUILD), 'client');
    expect(readdirSync(join(staged, 'templates')).sort()).toEqual(['a.html', 'a.html.br', 'b.html', 'c.html']);
    expect(statSync(join(staged, 'templates', 'a.html')).ino).toBe(statSync(join(buildsDir, BUILD, 'client', 'templates', 'a.html')).ino);
    const target = join(buildsDir, 'next', 'client.staged');
    mkdirSync(dirname(target), { recursive: true });
    expect(claimStaging(buildsDir, BUILD, target)).toEqual({ client: target });
    expect(existsSync(locateStaging(buildsDir, BUILD))).toBe(false);
  });

  it('refuses a staged tree something changed after it was made, naming the folder', () => {
    const buildsDir = makeBuild('changed');
    prepareStaging(buildsDir, join(scratch, 'changed', 'templates'), BUILD);
    rmSync(join(locateStaging(buildsDir, BUILD), 'client', 'templates', 'b.html'));
    expect(claimStaging(buildsDir, BUILD, join(buildsDir, 'x'))).toEqual({ problem: 'the staged build was changed after it was made (templates)' });
    expect(claimStaging(buildsDir, '20260101T000000Z-0002', join(buildsDir, 'x'))).toEqual({ problem: 'no staged build is ready' });
  });
});

describe('mergeStaged', () => {
  it('unlinks the outputs rendered again or gone, moves in what the build wrote, and never writes through a link', () => {
    const buildsDir = makeBuild('merge');
    prepareStaging(buildsDir, join(scratch, 'merge', 'templates'), BUILD);
    const next = join(buildsDir, 'next');
    const staged = join(next, 'client.staged');
    mkdirSync(next);
    claimStaging(buildsDir, BUILD, staged);
    for (const f of ['templates/a.html', 'templates/a.html.gz', 'index.html']) {
      mkdirSync(dirname(join(next, 'client', f)), { recursive: true });
      writeFileSync(join(next, 'client', f), `new ${f}`);
    }
    mergeStaged(next, staged, [records[0]!, records[2]!], ['templates/a.html', 'templates/a.html.gz', 'index.html']);
    expect(readdirSync(join(next, 'client', 'templates')).sort()).toEqual(['a.html', 'a.html.gz', 'b.html']);
    expect(readFileSync(join(next, 'client', 'templates', 'a.html'), 'utf8')).toBe('new templates/a.html');
    expect(readFileSync(join(buildsDir, BUILD, 'client', 'templates', 'a.html'), 'utf8')).toBe('templates/a.html');
    expect(existsSync(staged)).toBe(false);
  });
});
