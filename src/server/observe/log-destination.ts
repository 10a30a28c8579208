import { write, writeSync } from 'node:fs';

/** Past this much unwritten log text (a stalled reader), further lines are dropped and counted. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** Lines waiting to be made count this much each towards MAX_PENDING_BYTES and BATCH_BYTES. */
const DEFERRED_LINE_BYTES = 256;
/** Lines are written in batches: at this size, or after BATCH_MS, whichever comes first. */
const BATCH_BYTES = 64 * 1024;
const BATCH_MS = 50;

/**
 * Where pino writes: stdout, in batches, from libuv's thread pool. A pipe write is a blocking
 * call on Linux; done on the main thread, a slow log reader would stall every request (and one
 * that stops reading would stall the server for good). pino's own SonicBoom measures the
 * pending chunk's byte length on every write (~3 µs a line at 16 KB), a tenth of a get-one.
 */
export class BatchedStdout {
  /**
   * Lines not yet written, as one string: appending makes a rope that V8 flattens once, when
   * the batch is encoded (522 ns a line with formatting, against 563 ns for an array joined
   * then encoded; measured in process, 400,000 lines to /dev/null, best of 12).
   */
  #queue = '';
  /** Lines not made yet: format, entry and time, three slots each (see writeLater). */
  #deferred: unknown[] = [];
  #writing = false;
  #scheduled: 'soon' | 'batch' | undefined;
  #drainWaiters: (() => void)[] = [];
  /** Lines dropped since last reported (a reader that stopped); the next batch says how many. */
  dropped = 0;
  readonly #fd: number;

  constructor(fd = 1) {
    this.#fd = fd;
  }

  /** Queues one line (pino calls this); written within BATCH_MS, after every line queued before it. */
  write(line: string): boolean {
    if (this.#pendingBytes() > MAX_PENDING_BYTES) {
      this.dropped++;
      return false;
    }
    if (this.#deferred.length) this.#makeDeferred();
    this.#queue += line;
    this.#schedule(this.#queue.length >= BATCH_BYTES);
    return true;
  }

  /**
   * Queues the line `format(entry, time)`, made when the batch is written rather than now: the
   * request lines, one per request. Made a batch at a time in one loop, they cost a get-one
   * ~1.2 µs less than made between requests (BENCHMARKS.md, ops).
   */
  writeLater<T>(format: (entry: T, time: string) => string, entry: T, time: string): boolean {
    if (this.#pendingBytes() > MAX_PENDING_BYTES) {
      this.dropped++;
      return false;
    }
    this.#deferred.push(format, entry, time);
    this.#schedule(this.#pendingBytes() >= BATCH_BYTES);
    return true;
  }

  #pendingBytes(): number {
    return this.#queue.length + (this.#deferred.length / 3) * DEFERRED_LINE_BYTES;
  }

  #makeDeferred(): void {
    const d = this.#deferred;
    this.#deferred = [];
    let text = '';
    for (let i = 0; i < d.length; i += 3) text += (d[i] as (entry: unknown, time: string) => string)(d[i + 1], d[i + 2] as string);
    this.#queue += text;
  }

  /** Writes what is queued right after this loop turn; `done` once it has all reached the fd. */
  flush(done?: () => void): void {
    if (done) {
      if (!this.#writing && this.#queue === '' && this.#deferred.length === 0) return done();
      this.#drainWaiters.push(done);
    }
    this.#schedule(true);
  }

  /** Writes whatever is still queued, synchronously (right before exit). */
  flushSync(): void {
    this.#makeDeferred();
    if (this.#queue) writeSync(this.#fd, this.#queue);
    this.#queue = '';
  }

  #schedule(now: boolean): void {
    if (now && this.#scheduled !== 'soon') {
      this.#scheduled = 'soon';
      setImmediate(() => this.#pump());
    } else if (!this.#scheduled) {
      this.#scheduled = 'batch';
      setTimeout(() => this.#pump(), BATCH_MS).unref();
    }
  }

  #pump(): void {
    this.#scheduled = undefined;
    if (this.#writing) return; // the write in progress reschedules on completion
    this.#makeDeferred();
    if (this.#queue === '') return this.#settle();
    if (this.dropped) {
      this.#queue += `${JSON.stringify({ level: 'warn', time: new Date().toISOString(), msg: 'log lines dropped: stdout was not read fast enough', dropped: this.dropped })}\n`;
      this.dropped = 0;
    }
    const chunk = Buffer.from(this.#queue);
    this.#queue = '';
    this.#writing = true;
    const writeFrom = (offset: number) =>
      write(this.#fd, chunk, offset, chunk.length - offset, null, (err, written) => {
        if (!err && offset + written < chunk.length) return writeFrom(offset + written);
        this.#writing = false;
        if (this.#queue || this.#deferred.length) this.#schedule(this.#drainWaiters.length > 0 || this.#pendingBytes() >= BATCH_BYTES);
        else this.#settle();
      });
    writeFrom(0);
  }

  #settle(): void {
    const waiters = this.#drainWaiters;
    this.#drainWaiters = [];
    for (const done of waiters) done();
  }
}
