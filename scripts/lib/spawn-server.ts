import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

/** The node flags of an npm script (`serve`, `function`), read from package.json so tests and benchmarks run what operators run. */
export function readScriptFlags(script: string): string[] {
  const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return scripts[script]!.split(/\s+/).filter((word) => word.startsWith('--'));
}

const SERVE_FLAGS = readScriptFlags('serve');

/** How much of the server's log the caller keeps. */
export interface SpawnOptions {
  /**
   * False (benchmarks with the access log on): the server's stdout goes to a file, read only
   * while a line is awaited or `logs` is read, and request lines are skipped unparsed, so that
   * reading the log takes no CPU from the load generator in this process (following 27,000
   * lines a second cost the load generator ~10 % of get-one's rate). Default true: a pipe,
   * every line parsed and kept.
   */
  requestLines?: boolean;
  /** Another checkout to run (its own src/server/main.ts), e.g. an earlier commit to compare with. */
  cwd?: string;
}

/**
 * Reads `file` from where it last stopped and calls `onLine` for each complete line: `catchUp`
 * reads now; it also runs every 100 ms while `wanted()` says someone waits for a line.
 */
function followFile(file: string, onLine: (line: string) => void, wanted: () => boolean): { catchUp: () => void; stop: () => void } {
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(1 << 20);
  let rest = '';
  let closed = false;
  const catchUp = () => {
    if (closed) return;
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) {
      const lines = (rest + buf.toString('utf8', 0, n)).split('\n');
      rest = lines.pop()!;
      for (const line of lines) onLine(line);
    }
  };
  const timer = setInterval(() => wanted() && catchUp(), 100);
  return {
    catchUp,
    stop() {
      clearInterval(timer);
      catchUp();
      closed = true;
      closeSync(fd);
    },
  };
}

/**
 * Spawns `node src/server/main.ts` on 127.0.0.1 with PORT=0 and resolves once it logs
 * `{"msg":"listening","url":...}`; rejects with its stderr if it exits first.
 */
export function spawnServer(env: Record<string, string>, nodeArgs: string[] = [], opts: SpawnOptions = {}): Promise<RunningServer> {
  const logFile = opts.requestLines === false ? join(mkdtempSync(join(tmpdir(), 'server-log-')), 'stdout.log') : undefined;
  const child = spawn(process.execPath, [...SERVE_FLAGS, ...nodeArgs, 'src/server/main.ts'], {
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', logFile ? openSync(logFile, 'w') : 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters: { test: (e: Record<string, unknown>) => boolean; resolve: (e: Record<string, unknown>) => void }[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let catchUp = () => {};
  const waitForLog = (test: (e: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      catchUp();
      const seen = logs.find(test);
      if (seen) resolve(seen);
      else waiters.push({ test, resolve });
    });
  const onLine = (line: string) => {
    if (logFile && line.includes('"msg":"request"')) return;
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
  };
  if (logFile) {
    const follower = followFile(logFile, onLine, () => waiters.length > 0);
    catchUp = follower.catchUp;
    void exited.then(() => {
      follower.stop();
      rmSync(dirname(logFile), { recursive: true, force: true });
    });
  } else createInterface({ input: child.stdout! }).on('line', onLine);
  return new Promise((resolve, reject) => {
    waitForLog((e) => e.msg === 'listening').then((entry) =>
      resolve({
        url: String(entry.url),
        pid: child.pid!,
        get logs() {
          catchUp();
          return logs;
        },
        waitForLog,
        exited,
        stderr: () => stderr,
        stop: (signal = 'SIGTERM') => (child.kill(signal), exited),
      }),
    );
    exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${stderr}`)));
  });
}
