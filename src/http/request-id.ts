/** An incoming id is kept when it is short, printable ASCII without spaces, quotes or backslashes (safe in a JSON string as is). */
const USABLE_ID = /^[\x21\x23-\x5b\x5d-\x7e]{1,128}$/;

/** The `X-Request-Id` value a proxy or client sent, when usable; else undefined. */
export function readRequestId(given: string | string[] | null | undefined): string | undefined {
  return typeof given === 'string' && USABLE_ID.test(given) ? given : undefined;
}

// Random per process or isolate, so ids from different instances never collide. Drawn on first
// use: workerd refuses random values at a module's top level.
let prefix = '';
let counter = 0;

/** A new request id for a request that came without one: `3fa9c2d1-1k7`, unique per process and instance, no entropy drawn per request. */
export function createRequestId(): string {
  prefix ||= crypto.randomUUID().slice(0, 8);
  return `${prefix}-${(++counter).toString(36)}`;
}
