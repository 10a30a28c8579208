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
  /** Resolves with the exit code once the process has ended (for any reason). */
  exited: Promise<number | null>;
}

function spawnServer(env: Record<string, string>) {
  return spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, DIST_DIR: inject('distDir'), HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Spawns `node src/server/main.ts` on 127.0.0.1 with PORT=0 and resolves once it logs
 * `{"msg":"listening","url":...}`. `env` overrides (e.g. REST_RATE_LIMIT) are merged in.
 */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawnServer(env);
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
          resolve({ url: String(entry.url), logs, exited, stop: () => (child.kill('SIGTERM'), exited) });
        }
      } catch {
        /* not a log line */
      }
    });
    exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${stderr}`)));
  });
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
  const child = spawnServer(env);
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
