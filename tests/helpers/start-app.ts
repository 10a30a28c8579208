import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { requestInMemory, type MemoryRequestInit } from './request-in-memory.ts';
import { readConfig } from '../../src/config/read-config.ts';
import { createShared } from '../../src/server/create-app.ts';
import { loadGeneration } from '../../src/server/lifecycle/load-generation.ts';
import { setLogLevel } from '../../src/server/observe/log.ts';
import { counts } from '../../src/server/observe/stats.ts';
import { createRequestEntry } from '../../src/server/lifecycle/request-entry.ts';
import { answerClientErrors, refuseConnect } from '../../src/function/node-client-error.ts';

/** The app of one build behind an in-process HTTP server on an ephemeral port. */
export interface RunningApp {
  url: string;
  /** One request through the app in memory (no socket), answered as a fetch Response. */
  request(path: string, init?: MemoryRequestInit): Promise<Response>;
  /** Faults of the service itself (logged as unexpected errors) since the app started. */
  unexpectedErrors(): number;
  stop(): Promise<void>;
}

/**
 * Builds the app the way main.ts does (config read and checked by zod, the shared rate-limit
 * store, the build loaded as a generation, the request entry around it) and serves it from the
 * test process: the same handler and the same node:http parser as the real server, without the
 * ~1 s of spawning a process; `request` skips the socket as well, for tests of what the app
 * answers rather than of the wire. Tests of start-up, signals, logs and raw sockets keep
 * spawning (start-server.ts). `port` 0 takes an ephemeral one; a given port that is taken
 * rejects with EADDRINUSE.
 */
export async function startApp(env: Record<string, string> = {}, port = 0): Promise<RunningApp> {
  const config = readConfig({ ...process.env, DIST_DIR: inject('distDir'), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', ...env });
  setLogLevel(config.LOG_LEVEL); // as main.ts does: the in-process app writes no request lines unless asked
  const shared = await createShared(config);
  const current = await loadGeneration(config, shared, { importEntry: false, metrics: false });
  const handle = createRequestEntry(config, { current, draining: false, firstBuild: Promise.resolve() }, false);
  const server = createServer(handle);
  server.on('checkExpectation', handle);
  answerClientErrors(server);
  refuseConnect(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject).listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await shared.close();
    throw err;
  }
  const { port: bound } = server.address() as AddressInfo;
  const faultsBefore = counts.unexpectedErrors;
  return {
    url: `http://127.0.0.1:${bound}`,
    request: (path, init) => requestInMemory(handle, path, init),
    unexpectedErrors: () => counts.unexpectedErrors - faultsBefore,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await shared.close();
    },
  };
}
