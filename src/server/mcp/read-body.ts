import type { IncomingMessage } from 'node:http';

/** The request body as text, or `tooLarge` once it passes the limit. */
export type BodyRead = { tooLarge: false; text: string } | { tooLarge: true };

/**
 * Reads a request body up to `maxBytes`. A declared Content-Length over the limit is refused
 * before anything is read; otherwise reading stops as soon as the limit is passed and the
 * chunks are dropped (Node discards the rest of the upload once the answer is sent).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        chunks.length = 0;
        resolve({ tooLarge: true });
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ tooLarge: false, text: Buffer.concat(chunks, size).toString('utf8') });
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
