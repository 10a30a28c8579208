import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A throwaway redis-server on a free port, without persistence. */
export interface TestRedis {
  url: string;
  port: number;
  /** Stops the process and resolves once it has exited. */
  stop(): Promise<void>;
}

/** A port nothing listens on now (the OS picks it). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Resolves once something accepts connections on 127.0.0.1:`port`. */
export function waitForPort(port: number, timeoutMs: number, what = 'redis-server'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve();
      });
      socket.on('error', () => (Date.now() > deadline ? reject(new Error(`${what} did not listen on ${port}`)) : setTimeout(attempt, 50)));
    };
    attempt();
  });
}

/** Fails loudly, with the fix, when the machine has no redis-server (`npm test` installs it). */
export function assertRedisInstalled(): void {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error('redis-server is not installed, so the shared rate-limit tests cannot run. Install it: `apt-get install -y redis-server` (`npm test` does this first).');
  }
}

/** Starts redis-server (on `port` when given, e.g. to restart on the same address). */
export async function startRedis(port?: number): Promise<TestRedis> {
  const chosen = port ?? (await findFreePort());
  const child: ChildProcess = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(chosen, 5000);
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    stop: () => (child.kill('SIGTERM'), exited),
  };
}
