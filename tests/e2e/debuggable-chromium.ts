import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH, mapOriginArg } from '../helpers/browser.ts';

/** A Chromium with a DevTools port (for Lighthouse), reaching the server at SITE_ORIGIN. */
export interface DebuggableChromium {
  port: number;
  close(): Promise<void>;
}

/** Launches Chromium with `--remote-debugging-port=0` (and `extraArgs`) and reads the port it chose. */
export function launchDebuggableChromium(serverUrl: string, extraArgs: readonly string[] = []): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, ...extraArgs, mapOriginArg(serverUrl), '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) resolve({ port: Number(match[1]), close });
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error(`Chromium exited before opening its DevTools port:\n${stderr}`)));
  });
}
