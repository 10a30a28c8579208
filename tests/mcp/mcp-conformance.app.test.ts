import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
// The package exports nothing importable: find its CLI next to its package.json.
const CLI = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');

/** The server scenarios that apply to a read-only, stateless catalog server: each must pass. */
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection'];

const FIXTURE = 'calls a fixture the suite expects its reference test server to have';
/**
 * The server scenarios that cannot apply, with the reason (README's MCP section repeats them).
 * A scenario added by a newer suite fails the listing test below until it is sorted here.
 */
const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'logging/setLevel: the server declares no logging capability (deprecated in 2026-07-28; it logs nothing to clients)',
  'completion-complete': `${FIXTURE} (prompt test_prompt_with_arguments); completion of our own prompt and resource templates is tested in tests/mcp`,
  'tools-call-simple-text': `${FIXTURE} (tool test_simple_text)`,
  'tools-call-image': `${FIXTURE} (tool test_image_content)`,
  'tools-call-audio': `${FIXTURE} (tool test_audio_content)`,
  'tools-call-embedded-resource': `${FIXTURE} (tool test_embedded_resource)`,
  'tools-call-mixed-content': `${FIXTURE} (tool test_multiple_content_types)`,
  'tools-call-with-logging': `${FIXTURE} (tool test_tool_with_logging) and client logging`,
  'tools-call-error': `${FIXTURE} (tool test_error_handling); our isError results are tested in tests/mcp`,
  'tools-call-with-progress': `${FIXTURE} (tool test_tool_with_progress); no tool here runs long enough to report progress`,
  'tools-call-sampling': `${FIXTURE} (tool test_sampling); the server never asks the client's model`,
  'tools-call-elicitation': `${FIXTURE} (tool test_elicitation); the server never asks the person`,
  'json-schema-2020-12': `${FIXTURE} (tool json_schema_2020_12_tool)`,
  'elicitation-sep1034-defaults': `${FIXTURE} (elicitation tool)`,
  'elicitation-sep1330-enums': `${FIXTURE} (elicitation tool)`,
  'server-sse-polling': 'needs a session and event streams; this endpoint is stateless with JSON answers',
  'server-sse-multiple-streams': 'needs a session and event streams; this endpoint is stateless with JSON answers',
  'resources-read-text': `${FIXTURE} (resource test://static-text); reading our resources is tested in tests/mcp`,
  'resources-read-binary': `${FIXTURE} (resource test://static-binary)`,
  'resources-templates-read': `${FIXTURE} (template test://template/{id}/data)`,
  'resources-subscribe': 'resources/subscribe: the catalog does not change while served, so the server declares subscribe: false',
  'resources-unsubscribe': 'resources/unsubscribe: no subscriptions (subscribe: false)',
  'prompts-get-simple': `${FIXTURE} (prompt test_simple_prompt); our promo_video prompt is tested in tests/mcp`,
  'prompts-get-with-args': `${FIXTURE} (prompt test_prompt_with_arguments)`,
  'prompts-get-embedded-resource': `${FIXTURE} (prompt test_prompt_with_embedded_resource)`,
  'prompts-get-with-image': `${FIXTURE} (prompt test_prompt_with_image)`,
};

let server: RunningApp;
let resultsDir: string;

beforeAll(async () => {
  // The scenarios send many requests; the rate limit is tested elsewhere.
  server = await startApp({ MCP_RATE_LIMIT: '100000' });
  resultsDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
});

afterAll(async () => {
  await server?.stop();
  rmSync(resultsDir, { recursive: true, force: true });
});

describe('MCP conformance suite', () => {
  it('lists no server scenario that is neither run here nor explained', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'list', '--server'], { encoding: 'utf8' });
    const listed = [...stdout.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!).sort();
    expect(listed).toEqual([...APPLICABLE, ...Object.keys(NOT_APPLICABLE)].sort());
  });

  it.each(APPLICABLE)(
    'passes the %s scenario',
    async (scenario) => {
      const args = [CLI, 'server', '--url', `${server.url}/api/mcp`, '--scenario', scenario, '--output-dir', resultsDir];
      // A failed scenario exits non-zero, which rejects with the CLI's report in stdout.
      const { stdout } = await run(process.execPath, args, { encoding: 'utf8', timeout: 60_000 }).catch((err: { stdout?: string }) => {
        throw new Error(`conformance scenario ${scenario} failed:\n${err.stdout ?? String(err)}`);
      });
      expect(stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/);
      expect(stdout).not.toMatch(/Passed: 0\//);
      expect(stdout).not.toMatch(/FAILURE/);
    },
    90_000,
  );
});
