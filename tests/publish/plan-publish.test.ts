import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { BuildInputs } from '../../src/publish/build-inputs.ts';
import { writeManifestHead } from '../../src/publish/build-manifest.ts';
import { planPublish } from '../../src/publish/plan-publish.ts';
import { locateReuseCache, writeReuseCache } from '../../src/publish/reuse-cache.ts';

const scratch = mkdtempSync(join(tmpdir(), 'plan-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const inputs: BuildInputs = { code: 'c1', config: { SITE_URL: 's1', STUDIO_URL: 'u1' } };
const BUILD = '20260101T000000Z-0001';
let buildsDir: string;
let catalogDir: string;
let n = 0;

beforeEach(() => {
  buildsDir = join(scratch, `case-${++n}`, 'dist.builds');
  catalogDir = join(scratch, `case-${n}`, 'templates');
  mkdirSync(join(buildsDir, BUILD), { recursive: true });
  writeManifestHead(join(buildsDir, BUILD), { build: BUILD, segments: ['d0'], files: new Map([['index.html', { hash: 'h', size: 1, br: 0, gz: 0 }]]) });
});

const cacheOf = (extra: Partial<Parameters<typeof writeReuseCache>[0]> = {}) =>
  writeReuseCache({ catalogDir, buildsDir, build: BUILD, inputs, ...extra });

describe('planPublish', () => {
  it('reuses the newest build of the catalog folder, reading only its manifest head', () => {
    cacheOf();
    const plan = planPublish(buildsDir, catalogDir, inputs);
    expect(plan.mode).toBe('incremental');
    expect(plan.source?.dir).toBe(join(buildsDir, BUILD));
    expect(plan.source?.head.segments).toEqual(['d0']);
  });

  it('builds in full, quietly, when there is nothing to reuse or the build is gone', () => {
    expect(planPublish(buildsDir, catalogDir, inputs)).toMatchObject({ mode: 'full', reason: 'no earlier build of this catalog folder to reuse' });
    cacheOf({ build: '20250101T000000Z-dead' });
    const plan = planPublish(buildsDir, catalogDir, inputs);
    expect(plan).toMatchObject({ mode: 'full', reason: 'the build the cache names (20250101T000000Z-dead) is gone' });
    expect(plan.warning).toBeUndefined();
  });

  it('builds in full, quietly, when pruning left only the hashed assets of the build the cache names', () => {
    cacheOf();
    rmSync(join(buildsDir, BUILD, 'manifest'), { recursive: true });
    const plan = planPublish(buildsDir, catalogDir, inputs);
    expect(plan).toMatchObject({ mode: 'full', reason: `the build the cache names (${BUILD}) was pruned` });
    expect(plan.warning).toBeUndefined();
  });

  it('builds in full when the code changed, reusing nothing, and when the configuration changed, naming it', () => {
    cacheOf();
    const changedCode = planPublish(buildsDir, catalogDir, { ...inputs, code: 'c2' });
    expect(changedCode.mode).toBe('full');
    expect(changedCode.source).toBeUndefined();
    const plan = planPublish(buildsDir, catalogDir, { ...inputs, config: { ...inputs.config, STUDIO_URL: 'u2' } });
    expect(plan).toMatchObject({ mode: 'full', reason: 'the configuration changed (STUDIO_URL)' });
    expect(plan.source).toBeDefined(); // byte-identical files still reuse their compressed siblings
  });

  it('says in one line that a damaged or foreign cache is rebuilt', () => {
    mkdirSync(join(buildsDir, '.cache'), { recursive: true });
    writeFileSync(locateReuseCache(buildsDir, catalogDir), '{"format":"tcs-reuse-cache/2"}\n');
    expect(planPublish(buildsDir, catalogDir, inputs)).toMatchObject({ mode: 'full', warning: expect.stringMatching(/^reuse cache: .*truncated.*; rebuilding it with a full build$/) });
    cacheOf(); // a whole cache cut in half, as a full disk leaves it
    const whole = readFileSync(locateReuseCache(buildsDir, catalogDir), 'utf8');
    writeFileSync(locateReuseCache(buildsDir, catalogDir), whole.slice(0, whole.length / 2));
    expect(planPublish(buildsDir, catalogDir, inputs)).toMatchObject({ mode: 'full', warning: expect.stringMatching(/^reuse cache: .*truncated.*; rebuilding it with a full build$/) });
    writeReuseCache({ catalogDir, buildsDir: join(scratch, 'elsewhere'), build: BUILD, inputs });
    writeFileSync(locateReuseCache(buildsDir, catalogDir), readFileSync(locateReuseCache(join(scratch, 'elsewhere'), catalogDir)));
    expect(planPublish(buildsDir, catalogDir, inputs).warning).toMatch(/belongs to another catalog or builds folder/);
  });

  it('builds in full when asked', () => {
    cacheOf();
    const plan = planPublish(buildsDir, catalogDir, inputs, true);
    expect(plan).toMatchObject({ mode: 'full', reason: 'asked for (--full): nothing reused' });
    expect(plan.source).toBeUndefined();
  });
});
