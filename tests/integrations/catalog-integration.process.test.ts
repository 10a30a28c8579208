import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FIXTURES = 'tests/fixtures/catalog-broken';
const PROBLEM = `${FIXTURES}/wrong-type/neon-countdown-launch.json: field "durationSeconds": Invalid input: expected number, received string`;

/** Runs a build command on the broken catalog; returns its exit status and everything it printed. */
function buildBroken(command: readonly string[]): { status: number | null; output: string } {
  const distDir = `dist-test-broken-${process.pid}-${command.length}`;
  try {
    const run = spawnSync(command[0]!, command.slice(1), {
      env: { ...process.env, CATALOG_DIR: `${FIXTURES}/wrong-type`, DIST_DIR: distDir },
      encoding: 'utf8',
      timeout: 90_000,
    });
    return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
  } finally {
    for (const path of [distDir, `${distDir}.builds`, `${distDir}.keyed`]) rmSync(path, { recursive: true, force: true });
  }
}

describe('catalogIntegration', () => {
  it.each([
    ['astro build', ['npx', 'astro', 'build']],
    ['the publish (npm run build)', [process.execPath, 'scripts/build.ts']],
  ])('%s of a broken catalog exits non-zero with one line per problem, in its own words', (_, command) => {
    const { status, output } = buildBroken(command);
    expect(status, output).not.toBe(0);
    expect(output).toContain('The catalog has 1 problem:');
    expect(output.split('\n').filter((line) => line.trim() === PROBLEM)).toHaveLength(1);
    expect(output).not.toMatch(/An unhandled error occurred|ZodError|\n\s+at /);
  }, 120_000);
});
