import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config/read-config.ts';
import { buildOpenApiDocument } from '../../src/contracts/openapi/openapi.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';

interface SpectralResult {
  code: string;
  path: string[];
  message: string;
}

describe('openapi.json', () => {
  it('passes Spectral with the OWASP API Security ruleset (.spectral.yaml says what is off and why)', async () => {
    // Built as production would be (an https SITE_URL), with a real template for the examples.
    const config = readConfig({ SITE_URL: 'https://catalog.example.org' });
    const doc = buildOpenApiDocument(config, readBuiltCatalog().templates[0]!);
    const dir = mkdtempSync(join(tmpdir(), 'spectral-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc, null, 2));
      const run = await promisify(execFile)('npx', ['spectral', 'lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'], { maxBuffer: 16 * 1024 * 1024 }).catch(
        (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
      );
      const results = JSON.parse(run.stdout.slice(run.stdout.indexOf('['))) as SpectralResult[];
      expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
