/**
 * An incoming id is kept when it is 1-128 visible ASCII characters without quotes or
 * backslashes (safe in a JSON string and a log line as is).
 */
const USABLE_ID = /^[\x21\x23-\x5b\x5d-\x7e]{1,128}$/;

/** The `X-Request-Id` a proxy or client sent, when usable; else undefined. */
export function keepRequestId(given: string | null | undefined): string | undefined {
  return typeof given === 'string' && USABLE_ID.test(given) ? given : undefined;
}

/**
 * Random per process or isolate, so ids from different instances never collide; drawn on first
 * use because workerd refuses random values at a module's top level.
 */
let prefix = '';
let counter = 0;

/**
 * A new request id for a request that came without a usable one: `3fa9c2d1-1k7`, unique per
 * process and instance, no entropy drawn per request.
 */
export function createRequestId(): string {
  prefix ||= globalThis.crypto.randomUUID().slice(0, 8);
  return `${prefix}-${(++counter).toString(36)}`;
}
