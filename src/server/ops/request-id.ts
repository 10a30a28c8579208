import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming id is kept when it is short, printable ASCII without spaces or quotes. */
const USABLE_ID = /^[\x21\x23-\x7e]{1,128}$/;

/**
 * The request's id: the `X-Request-Id` a proxy or client sent (so one id follows a request
 * through every hop's log), else a new UUID.
 */
export function readRequestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && USABLE_ID.test(given) ? given : randomUUID();
}
