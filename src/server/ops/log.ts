import { write, writeSync } from 'node:fs';

/** One structured log entry; `msg` says what happened. */
export type LogEntry = { msg: string } & Record<string, unknown>;

/** Past this much unwritten log text (a stalled reader), further access lines are dropped and counted. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** Access lines are written in batches: at this size, or after BATCH_MS, whichever comes first. */
const BATCH_BYTES = 64 * 1024;
const BATCH_MS = 50;
const STDOUT = 1;

let silent = false;
let queue: string[] = [];
let queuedBytes = 0;
let writing = false;
let dropped = 0;
let scheduled: 'soon' | 'batch' | undefined;
/** An event line (not an access line) waits in the queue: write it without batching delay. */
let urgent = false;

/**
 * Writes the queue to stdout from libuv's thread pool. A pipe write is a blocking call on
 * Linux; done on the main thread, a slow log reader would stall every request (and a reader
 * that stops reading would stall the server for good).
 */
function pump(): void {
  scheduled = undefined;
  if (writing || queue.length === 0) return; // a write in progress reschedules on completion
  if (dropped) queue.push(`${JSON.stringify({ time: new Date().toISOString(), msg: 'log lines dropped: stdout was not read fast enough', dropped })}\n`);
  dropped = 0;
  const chunk = Buffer.from(queue.join(''));
  queue = [];
  queuedBytes = 0;
  urgent = false;
  writing = true;
  const writeFrom = (offset: number) =>
    write(STDOUT, chunk, offset, chunk.length - offset, null, (err, written) => {
      if (!err && offset + written < chunk.length) return writeFrom(offset + written);
      writing = false;
      if (queue.length) schedule(urgent || queuedBytes >= BATCH_BYTES);
    });
  writeFrom(0);
}

function enqueue(line: string, access: boolean): void {
  if (access && queuedBytes > MAX_PENDING_BYTES) {
    dropped++;
    return;
  }
  queue.push(line);
  queuedBytes += line.length;
  if (!access) urgent = true;
  schedule(urgent || queuedBytes >= BATCH_BYTES);
}

/** Plans the next write: right after this loop turn when urgent, else after BATCH_MS. */
function schedule(now: boolean): void {
  if (now && scheduled !== 'soon') {
    scheduled = 'soon';
    setImmediate(pump);
  } else if (!scheduled) {
    scheduled = 'batch';
    setTimeout(pump, BATCH_MS).unref();
  }
}

/** `LOG_LEVEL=silent` turns every line off (access log included) except the readiness line. */
export function setLogSilent(value: boolean): void {
  silent = value;
}

/** Logs an event (start, stop, failures): one JSON line, written within the current loop turn. */
export function logNow(entry: LogEntry): void {
  if (!silent) enqueue(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`, false);
}

/** Logs one preformatted access line (JSON ending in a newline); under a stalled reader these are dropped first. */
export function logLine(line: string): void {
  if (!silent) enqueue(line, true);
}

/** The readiness line; written even when LOG_LEVEL=silent, because supervisors and tests wait for it. */
export function logReady(entry: LogEntry): void {
  enqueue(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`, false);
}

/** Writes whatever is still queued, synchronously (right before exit). */
export function flushLog(): void {
  if (queue.length) writeSync(STDOUT, queue.join(''));
  queue = [];
}

/** Resolves once everything logged so far has reached stdout (before a clean exit). */
export async function drainLog(): Promise<void> {
  while (writing || queue.length) {
    if (!writing) pump();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
