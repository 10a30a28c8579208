import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';

/** A real server process on an ephemeral port. */
export interface RunningServer {
  url: string;
  /** JSON log lines the process has printed so far. */
  logs: Record<string, unknown>[];
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Spawns `node src/server/main.ts` on 127.0.0.1 with PORT=0 and resolves once it logs
 * `{"msg":"listening","url":...}`. `env` overrides (e.g. REST_RATE_LIMIT) are merged in.
 */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, DIST_DIR: inject('distDir'), HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (entry.msg === 'listening') {
          resolve({ url: String(entry.url), logs, stop: () => (child.kill('SIGTERM'), exited) });
        }
      } catch {
        /* not a log line */
      }
    });
    exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${stderr}`)));
  });
}
