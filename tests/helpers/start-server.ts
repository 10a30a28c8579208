import { spawn } from 'node:child_process';
import { inject } from 'vitest';
import { spawnServer, type RunningServer } from '../../scripts/lib/spawn-server.ts';

export type { RunningServer };

/**
 * Spawns the real server (`node src/server/main.ts`) on 127.0.0.1 with PORT=0 over the test
 * build and resolves once it logs `{"msg":"listening",...}`. `env` overrides are merged in.
 */
export function startServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<RunningServer> {
  return spawnServer({ DIST_DIR: inject('distDir'), ...env }, nodeArgs);
}

/** What a server process that was expected to stop printed. */
export interface EndedServer {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the server expecting it to stop by itself (bad configuration, missing build) and
 * resolves with its exit code and output; kills it after `timeoutMs` if it starts instead.
 */
export function runServerToExit(env: Record<string, string>, timeoutMs = 10_000): Promise<EndedServer> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, DIST_DIR: inject('distDir'), HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
