import type { IncomingMessage, ServerResponse } from 'node:http';
import { logLine } from './log.ts';

let lastMs = 0;
let lastIso = '';

/** The current time in ISO 8601, formatted at most once per millisecond (it costs ~1 µs). */
function nowIso(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

/**
 * Logs one JSON line when the response has been handed to the socket: time, method, path
 * (without the query, which may hold what people searched for), status, duration, client
 * address, and bytes written to the socket for this response (headers included). The line
 * is assembled by hand, with only the client-controlled path escaped through JSON.stringify:
 * this runs for every request.
 */
export function logAccessOnFinish(req: IncomingMessage, res: ServerResponse, path: string, ip: string): void {
  const started = performance.now();
  const socket = req.socket;
  const before = socket.bytesWritten;
  res.once('finish', () => {
    const ms = Math.round((performance.now() - started) * 100) / 100;
    logLine(
      `{"time":"${nowIso()}","msg":"request","method":"${req.method}","path":${JSON.stringify(path)},"status":${res.statusCode},"ms":${ms},"ip":"${ip}","bytes":${socket.bytesWritten - before}}\n`,
    );
  });
}
