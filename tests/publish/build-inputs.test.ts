import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/read-config.ts';
import { explainInputChange, fingerprintInputs, NOT_RENDERED } from '../../src/publish/build-inputs.ts';

const root = mkdtempSync(join(tmpdir(), 'inputs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'src', 'pages'), { recursive: true });
writeFileSync(join(root, 'src', 'pages', 'index.astro'), '<h1>Hi</h1>');
writeFileSync(join(root, 'package-lock.json'), '{}');
const config = readConfig({});

describe('fingerprintInputs', () => {
  it('changes with the code and with a rendered variable, naming the variable', () => {
    const before = fingerprintInputs(root, config);
    expect(fingerprintInputs(root, config)).toEqual(before);
    expect(explainInputChange(before, fingerprintInputs(root, readConfig({ STUDIO_URL: 'https://studio.example.org', MEDIA_URL: 'https://m.example.org' })))).toBe(
      'the configuration changed (MEDIA_URL, STUDIO_URL)',
    );
    writeFileSync(join(root, 'src', 'pages', 'index.astro'), '<h1>Hello</h1>');
    expect(explainInputChange(before, fingerprintInputs(root, config))).toMatch(/^the code changed/);
  });

  it('ignores where the build goes, which catalog folder it reads, and what only the server reads', () => {
    const before = fingerprintInputs(root, config);
    const after = fingerprintInputs(root, readConfig({ SITE_URL: config.SITE_URL, DIST_DIR: '/srv/other', CATALOG_DIR: 'elsewhere', PORT: '8080', LOG_LEVEL: 'warn', KEEP_BUILDS: '9' }));
    expect(explainInputChange(before, after)).toBeNull();
  });

  it('builds in full when PORT moves the links (SITE_URL unset: it follows HOST and PORT)', () => {
    const moved = fingerprintInputs(root, readConfig({ PORT: '8080' }));
    expect(explainInputChange(fingerprintInputs(root, readConfig({})), moved)).toBe('the configuration changed (SITE_URL)');
  });
});

describe('NOT_RENDERED', () => {
  /** Every source file that can reach a built file: pages, their components, and what they import. */
  const rendering = ['src/pages', 'src/components', 'src/layouts', 'src/site', 'src/contracts', 'src/core', 'src/integrations'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name)),
  );

  it.each(NOT_RENDERED.filter((name) => name !== 'DIST_DIR' && name !== 'CATALOG_DIR'))('%s is read by no page or what pages import', (name) => {
    const readers = rendering.filter((file) => new RegExp(`\\b${name}\\b`).test(readFileSync(file, 'utf8')));
    expect(readers).toEqual([]);
  });
});
