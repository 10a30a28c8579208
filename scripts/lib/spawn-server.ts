import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** A real server process on an ephemeral port. */
export interface RunningServer {
  url: string;
  pid: number;
  /** JSON log lines the process has printed so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the next log line matching `test`. */
  waitForLog(test: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Sends a signal (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** What the process wrote to stderr so far. */
  stderr(): string;
}

/** The node flags of `npm run serve`, read from package.json so tests and benchmarks run what operators run. */
const SERVE_FLAGS = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts
  .serve!.split(/\s+/)
  .filter((word) => word.startsWith('--'));

/**
 * Spawns `node src/server/main.ts` on 127.0.0.1 with PORT=0 and resolves once it logs
 * `{"msg":"listening","url":...}`; rejects with its stderr if it exits first.
 */
export function spawnServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<RunningServer> {
  const child = spawn(process.execPath, [...SERVE_FLAGS, ...nodeArgs, 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters: { test: (e: Record<string, unknown>) => boolean; resolve: (e: Record<string, unknown>) => void }[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitForLog = (test: (e: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const seen = logs.find(test);
      if (seen) resolve(seen);
      else waiters.push({ test, resolve });
    });
  createInterface({ input: child.stdout }).on('line', (line) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return; // not a log line
    }
    logs.push(entry);
    for (const w of waiters.filter((w) => w.test(entry))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(entry);
    }
  });
  return new Promise((resolve, reject) => {
    waitForLog((e) => e.msg === 'listening').then((entry) =>
      resolve({
        url: String(entry.url),
        pid: child.pid!,
        logs,
        waitForLog,
        exited,
        stderr: () => stderr,
        stop: (signal = 'SIGTERM') => (child.kill(signal), exited),
      }),
    );
    exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${stderr}`)));
  });
}
