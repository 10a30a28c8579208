import type { Server } from 'node:http';
import { drainLog, flushLog, logNow } from '../observe/log.ts';
import type { ServingState } from './serving-state.ts';

/** In-flight requests get this long after the listener closes before connections are cut. */
const DEADLINE_MS = 10_000;

/**
 * Graceful stop on SIGTERM or SIGINT: readiness fails at once (/readyz 503) and, after
 * `delaySeconds` (time for a load balancer to notice), the listener stops accepting, idle
 * keep-alive connections close, in-flight requests finish, resources are released (Redis, the
 * build watcher, the metrics listener) and the process exits 0. Past the deadline the
 * remaining connections are cut and it exits 1.
 */
export function installShutdown(server: Server, state: ServingState, delaySeconds: number, release: () => Promise<void>): void {
  let stopping = false;
  const close = () => {
    setTimeout(() => {
      logNow({ msg: 'shutdown deadline passed; closing open connections', deadlineMs: DEADLINE_MS });
      server.closeAllConnections();
      flushLog();
      process.exit(1);
    }, DEADLINE_MS).unref();
    server.close(() => {
      release()
        .catch((err: unknown) => logNow({ msg: 'error while releasing resources', error: String(err) }))
        .finally(async () => {
          logNow({ msg: 'stopped' });
          await drainLog();
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    state.draining = true;
    logNow({ msg: 'stopping', signal, delaySeconds });
    if (delaySeconds > 0) setTimeout(close, delaySeconds * 1000);
    else close();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
