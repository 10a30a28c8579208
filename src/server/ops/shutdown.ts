import type { Server } from 'node:http';
import { drainLog, flushLog, logNow } from './log.ts';

/** In-flight requests get this long after SIGTERM/SIGINT before connections are cut. */
const DEADLINE_MS = 10_000;

/**
 * Graceful stop on SIGTERM or SIGINT: stop accepting, close idle keep-alive connections,
 * let in-flight requests finish, release resources (Redis), exit 0. Past the deadline the
 * remaining connections are cut and the process exits 1.
 */
export function installShutdown(server: Server, release: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logNow({ msg: 'stopping', signal });
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
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
