import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FIXTURES = 'tests/fixtures/catalog-broken';

describe('astro build with a broken catalog', () => {
  it('exits non-zero and prints the friendly message', () => {
    const distDir = `dist-test-broken-${process.pid}`;
    try {
      const run = spawnSync('npx', ['astro', 'build'], {
        env: { ...process.env, CATALOG_DIR: `${FIXTURES}/wrong-type`, DIST_DIR: distDir },
        encoding: 'utf8',
        timeout: 90_000,
      });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.status, output).not.toBe(0);
      expect(output).toContain(`${FIXTURES}/wrong-type/neon-countdown-launch.json: field "durationSeconds": Invalid input: expected number, received string`);
      expect(output).not.toMatch(/ZodError|\n\s+at /);
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  }, 120_000);
});
