import { pino, type Logger } from 'pino';
import type { Config } from '../../schemas/config.ts';
import { BatchedStdout } from './log-destination.ts';
import { counts } from './stats.ts';

/** One structured log entry; `msg` says what happened. */
export type LogEntry = { msg: string } & Record<string, unknown>;


let lastMs = 0;
let lastIso = '';

/** `,"time":"<ISO 8601>"`, formatted at most once per millisecond (it costs ~1 µs). */
export function isoTime(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = `,"time":"${new Date(ms).toISOString()}"`;
  }
  return lastIso;
}

/** stdout in batches off the main thread; lines past 16 MB unwritten are dropped and counted. */
export const destination = new BatchedStdout();

const options = {
  base: undefined,
  timestamp: isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
};

/** The process logger: access lines (one per request) and events. LOG_LEVEL sets its level. */
export let logger: Logger = pino({ ...options, level: 'info' }, destination);
/** Writes the readiness line whatever LOG_LEVEL says: supervisors and tests wait for it. */
const readyLogger: Logger = pino({ ...options, level: 'info' }, destination);

/** Applies LOG_LEVEL (`silent` turns every line off except the readiness line). */
export function setLogLevel(level: Config['LOG_LEVEL']): void {
  logger = pino({ ...options, level }, destination);
}

/** Event lines go out within the current loop turn rather than waiting for a batch. */
function flushSoon(): void {
  destination.flush();
}

/** Logs an event (start, stop, reload, failures) at info: one JSON line, written now. */
export function logNow(entry: LogEntry): void {
  logger.info(entry);
  flushSoon();
}

/**
 * Logs a fault of the service itself (a bug: an exception no rule expected, a rejected
 * promise nobody awaited) with its stack, and counts it for /metrics.
 */
export function logUnexpected(entry: LogEntry & { error: unknown }): void {
  counts.unexpectedErrors++;
  const { error } = entry;
  logNow({ ...entry, error: error instanceof Error ? error.stack : String(error) });
}

/** Logs a problem an operator should look at (a refused build, a failed watcher) at warn. */
export function logWarn(entry: LogEntry): void {
  logger.warn(entry);
  flushSoon();
}

/** The readiness line (`{"msg":"listening",...}`), written even when LOG_LEVEL=silent. */
export function logReady(entry: LogEntry): void {
  readyLogger.info(entry);
  flushSoon();
}

/** Writes whatever is still queued, synchronously (right before exit). */
export function flushLog(): void {
  destination.flushSync();
}

/** Resolves once everything logged so far has reached stdout (before a clean exit). */
export function drainLog(): Promise<void> {
  return new Promise((resolve) => destination.flush(() => resolve()));
}

/** Logs a failure that needs an operator (a purge given up after its retries) at error. */
export function logError(entry: LogEntry): void {
  logger.error(entry);
  flushSoon();
}
