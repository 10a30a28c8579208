import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';
import { EXPECTED_FAILURES, EXTENSION_SCENARIOS, EXTENSION_SKIPS, type Requirements } from './conformance-expected.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
// The package exports nothing importable: find its CLI next to its package.json.
const CLI = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');

/** One check a scenario reported, as the suite writes it to `<output>/server-<scenario>-<time>/checks.json`. */
interface Check {
  scenario: string;
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

/** Statuses that are not a failure: passed, informational, or a SHOULD the server has no occasion for. */
const FINE = new Set(['SUCCESS', 'INFO', 'SKIPPED']);

function readChecks(dir: string): Check[] {
  return readdirSync(dir).flatMap((entry) => {
    const scenario = entry.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    const checks = JSON.parse(readFileSync(join(dir, entry, 'checks.json'), 'utf8')) as Omit<Check, 'scenario'>[];
    return checks.map((c) => ({ ...c, scenario }));
  });
}

/** The server scenarios `conformance list` names for a requirement set (scored and not). */
async function listScenarios(requirements: Requirements): Promise<string[]> {
  const { stdout } = await run(process.execPath, [CLI, 'list', '--server', '--requirements', requirements], { encoding: 'utf8' });
  const scored = stdout.slice(stdout.indexOf('Server scenarios'), stdout.indexOf('Client scenarios'));
  return [...[...scored.matchAll(/^\s+- (\S+)$/gm)].map((m) => m[1]!), ...[...stdout.matchAll(/^\s+- (\S+) \[server\]$/gm)].map((m) => m[1]!)].sort();
}

let app: RunningApp;
let outputRoot: string;
beforeAll(async () => {
  // The scenarios send many requests; the rate limit is tested elsewhere.
  app = await startApp({ MCP_RATE_LIMIT: '1000000' });
  outputRoot = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
});
afterAll(async () => {
  await app?.stop();
  rmSync(outputRoot, { recursive: true, force: true });
});

describe.each(['2026-07-28', '2025-11-25'] as const)('MCP conformance suite 0.2.0-alpha.12, --requirements %s', (requirements) => {
  let checks: Check[];
  beforeAll(async () => {
    const dir = join(outputRoot, requirements);
    const args = [CLI, 'server', '--url', `${app.url}/api/mcp`, '--requirements', requirements, '--output-dir', dir];
    // The run exits non-zero while any check fails (the expected ones below among them).
    await run(process.execPath, args, { encoding: 'utf8', timeout: 120_000 }).catch((err: { stdout?: string; code?: unknown }) => {
      if (typeof err.code !== 'number') throw err;
    });
    checks = readChecks(dir);
  }, 150_000);

  it('runs every server scenario the requirement set names', async () => {
    expect([...new Set(checks.map((c) => c.scenario))].sort()).toEqual(await listScenarios(requirements));
  });

  it('sends only messages valid against the spec schema of the negotiated version (wire-schema-valid)', () => {
    const wire = checks.filter((c) => c.id === 'wire-schema-valid');
    expect(wire.length).toBeGreaterThan(20);
    expect(wire.filter((c) => c.status !== 'SUCCESS')).toEqual([]);
  });

  it('passes every check that applies; the failures are exactly the listed ones, each with its reason', () => {
    const failing = checks.filter((c) => !FINE.has(c.status)).map((c) => `${c.scenario} › ${c.id}`).sort();
    const expected = Object.keys(EXPECTED_FAILURES[requirements]).sort();
    expect(failing).toEqual(expected);
    for (const reason of Object.values(EXPECTED_FAILURES[requirements])) expect(reason.length).toBeGreaterThan(20);
  });

  it('passes every check of the scenarios our own surface can answer', () => {
    const ours = ['tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection', 'sep-2164-resource-not-found', 'caching', 'server-initialize', 'ping'];
    const ran = checks.filter((c) => ours.includes(c.scenario));
    expect(ran.length).toBeGreaterThan(5);
    expect(ran.filter((c) => !FINE.has(c.status))).toEqual([]);
  });
});

describe('MCP conformance suite 0.2.0-alpha.12, extension scenarios by name', () => {
  let checks: Check[];
  beforeAll(async () => {
    const dir = join(outputRoot, 'extensions');
    for (const scenario of EXTENSION_SCENARIOS) {
      await run(process.execPath, [CLI, 'server', '--url', `${app.url}/api/mcp`, '--scenario', scenario, '--output-dir', dir], { encoding: 'utf8', timeout: 60_000 }).catch((err: { code?: unknown }) => {
        if (typeof err.code !== 'number') throw err;
      });
    }
    checks = readChecks(dir);
  }, 150_000);

  it('runs the skills scenarios, which the suite lists as extension scenarios', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'list', '--server'], { encoding: 'utf8' });
    const listed = [...stdout.matchAll(/^\s+- (sep-2640-\S+) \[extension\]$/gm)].map((m) => m[1]);
    expect([...EXTENSION_SCENARIOS]).toEqual(listed);
    expect([...new Set(checks.map((c) => c.scenario))].sort()).toEqual([...EXTENSION_SCENARIOS]);
    expect(checks.length).toBeGreaterThan(30);
  });

  it('passes every check but the listed ones the suite skips, each with its reason', () => {
    const other = checks.filter((c) => c.status !== 'SUCCESS').map((c) => `${c.scenario} › ${c.id}: ${c.status}`).sort();
    expect(other).toEqual(Object.keys(EXTENSION_SKIPS).map((k) => `${k}: SKIPPED`).sort());
  });
});
