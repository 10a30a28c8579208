import type { IncomingMessage, ServerResponse } from 'node:http';

/** How much of a refused body is read and dropped before the connection is closed instead. */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;
/** How long a closing connection keeps reading what the client still sends (lingering close). */
const LINGER_MS = 2_000;

/**
 * Lets an answer sent before the body was read (413, 415) reach a client that is still
 * sending. Closing at once resets the connection while the client writes, and a reset can
 * discard the answer before the client reads it (a "broken pipe" instead of the 413). So the
 * rest of the body is read and dropped: up to DRAIN_LIMIT_BYTES the connection then stays
 * usable; past it the server half-closes after the answer is flushed and keeps reading for
 * LINGER_MS (or until the client closes) before letting go of the socket.
 */
export function finishRefusal(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  let seen = 0;
  let closing = false;
  const linger = () => {
    if (closing) return;
    closing = true;
    const socket = req.socket;
    const stop = () => socket.destroy();
    const timer = setTimeout(stop, LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', stop);
    if (res.writableFinished) socket.end();
    else res.once('finish', () => socket.end());
  };
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_LIMIT_BYTES) linger();
  });
  req.on('error', () => req.socket.destroy());
  req.resume();
}
