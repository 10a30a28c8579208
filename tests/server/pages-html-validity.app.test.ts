import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TYPES } from '../e2e/page-types.ts';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

/** The checker itself (vnu-jar's own wrapper also fetches a Java; CI installs Debian's). */
const vnu = join(dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build/dist/vnu.jar');
const JVM_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss8m'];
/**
 * Declarative WebMCP's form attributes (Chrome's origin trial, src/components/agents/webmcp-forms.ts)
 * are not in the HTML standard yet, so the checker does not know them: only those messages are left out.
 */
const WEBMCP_ATTRIBUTES = '.*Attribute “(toolname|tooldescription|toolautosubmit|toolparamdescription)” not allowed on element “(form|input|fieldset)” at this point\\..*';

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
}

let server: RunningApp;
let dir: string;
beforeAll(async () => {
  server = await startApp();
  dir = mkdtempSync(join(tmpdir(), 'vnu-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('pages', () => {
  it('pass the Nu HTML Checker (vnu) with no error and no warning, on every page type as served', async () => {
    const files = await Promise.all(
      PAGE_TYPES.map(async (page, i) => {
        const res = await fetch(`${server.url}${page.path}`, { headers: { Accept: 'text/html' } });
        expect(res.status, page.path).toBe(page.status);
        const file = join(dir, `${i}-${page.name.replace(/\W+/g, '-')}.html`);
        writeFileSync(file, await res.text());
        return file;
      }),
    );
    // One JVM for every page (its start costs ~1 s); vnu exits 1 when it reports anything.
    // A short run spends most of its CPU compiling: the quick compiler only and the serial
    // collector halve it (4.0 → 2.0 s of CPU); the quick compiler's deeper frames need a bigger stack.
    const run = await promisify(execFile)('java', [...JVM_FLAGS, '-jar', vnu, '--format', 'json', '--also-check-svg', '--filterpattern', WEBMCP_ATTRIBUTES, ...files], { maxBuffer: 16 * 1024 * 1024 }).catch(
      (err: { stderr?: string }) => ({ stderr: err.stderr ?? '' }),
    );
    const { messages } = JSON.parse(run.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
    const found = messages.map((m) => `${m.url.split('/').pop()}:${m.lastLine ?? '?'} ${m.type}${m.subType ? `/${m.subType}` : ''}: ${m.message}`);
    expect(found).toEqual([]);
  }, 60_000);
});
