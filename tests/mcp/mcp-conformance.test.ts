import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
// The package exports nothing importable: find its CLI next to its package.json.
const CLI = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');

let server: RunningServer;
let resultsDir: string;

beforeAll(async () => {
  server = await startServer();
  resultsDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
});

afterAll(async () => {
  await server?.stop();
  rmSync(resultsDir, { recursive: true, force: true });
});

describe('MCP conformance suite', () => {
  it.each(['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'])(
    'passes the %s scenario',
    async (scenario) => {
      const args = [CLI, 'server', '--url', `${server.url}/api/mcp`, '--scenario', scenario, '--output-dir', resultsDir];
      // A failed scenario exits non-zero, which rejects with the CLI's report in stdout.
      const { stdout } = await run(process.execPath, args, { encoding: 'utf8', timeout: 60_000 }).catch((err: { stdout?: string }) => {
        throw new Error(`conformance scenario ${scenario} failed:\n${err.stdout ?? String(err)}`);
      });
      expect(stdout).toMatch(/\b0 failed\b/);
      expect(stdout).not.toMatch(/FAILURE/);
    },
    90_000,
  );
});
