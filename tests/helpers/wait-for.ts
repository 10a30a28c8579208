import type { RunningServer } from './start-server.ts';

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `promise`, or a rejection naming `what` once `ms` have passed. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits (at most `ms`) for a log line of `server` whose msg starts with `prefix`. */
export function waitForLogMsg(server: RunningServer, prefix: string, ms = 10_000): Promise<Record<string, unknown>> {
  return withTimeout(server.waitForLog((e) => String(e.msg).startsWith(prefix)), ms, `the log line "${prefix}…"`);
}
