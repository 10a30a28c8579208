import { connect, type Socket } from 'node:net';
import { HOSTILE_SHAPES, type HostileShape } from './hostile-cases.ts';

/** A server under attack: its address now, and how to start it again after a crash (the row then counts one). */
export interface HostileTarget {
  url(): string;
  restart?(): Promise<void>;
}

/** One row of the hostile client's table. */
export interface ShapeResult {
  shape: string;
  /** Inputs sent: each once on its own connection, then again during the flood. */
  sent: number;
  crashes: number;
  /** Answers 500–599 other than 501 and 505. */
  serverErrors: number;
  /** Every status seen (0: the connection closed without an answer). */
  statuses: Record<number, number>;
  /** The good client's requests during the flood, how many failed and its p99 (ms). */
  good: { requests: number; failed: number; p99Ms: number };
}

const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})/;

/**
 * Sends `bytes` on a fresh connection; the status of the first answer as soon as its status line
 * arrives, or 0 when the server closes without one or `timeoutMs` passes. It does not wait for
 * the close: `wrangler dev` keeps a connection open after answering, despite `Connection: close`,
 * so waiting cost each input the whole timeout there.
 */
export function sendBytes(url: string, bytes: Buffer, timeoutMs = 5000): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let head = '';
    const socket = connect(Number(port), hostname, () => socket.write(bytes, () => {}));
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Number(STATUS_LINE.exec(head)?.[1] ?? 0));
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', (d: Buffer) => {
      if (head.length < 64) head += d.toString('latin1');
      if (STATUS_LINE.test(head)) done();
    });
    socket.on('error', () => {});
    socket.on('close', done);
  });
}

/** True when the server answers /healthz within a few seconds. */
export async function isAlive(url: string): Promise<boolean> {
  for (let i = 0; i < 3; i++) {
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) }).then((r) => r.status === 200, () => false);
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

const isServerError = (status: number) => status >= 500 && status !== 501 && status !== 505;

/** A client that trickles a request's header lines, a few bytes at a time, while `more(lines written)`. */
async function trickle(url: string, more: (lines: number) => boolean): Promise<void> {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  socket.write(`GET /api/v1/templates HTTP/1.1\r\nHost: ${new URL(url).host}\r\n`);
  for (let n = 0; more(n) && !socket.destroyed; n++) {
    socket.write(`X-Slow-${Date.now()}: y\r\n`);
    await new Promise((r) => setTimeout(r, 200));
  }
  socket.destroy();
}

/** The good client: one list request after another while `flooding()`, at least one; each latency in ms, failures as Infinity. */
async function serveGoodClient(url: string, flooding: () => boolean): Promise<number[]> {
  const times: number[] = [];
  do {
    const started = performance.now();
    // A body cut off mid-read (the server dropped the connection) is a failed request too, not a thrown error.
    const ok = await fetch(`${url}/api/v1/templates?limit=1`, { signal: AbortSignal.timeout(10_000) }).then(async (r) => (await r.arrayBuffer(), r.status === 200)).catch(() => false);
    times.push(ok ? performance.now() - started : Infinity);
  } while (flooding());
  return times;
}

const p99 = (times: number[]) => {
  const finite = times.filter(Number.isFinite).sort((a, b) => a - b);
  return finite.length ? finite[Math.min(finite.length - 1, Math.ceil(finite.length * 0.99) - 1)]! : NaN;
};

/**
 * How long a flood lasts: `floodMs` (the bench's table), or `rounds` (the test): each attacker
 * sends every input that many times, and a slow client trickles that many header lines, so a
 * loaded machine makes the flood slower, never smaller.
 */
export type Flood = { attackers: number } & ({ floodMs: number } | { rounds: number });

/**
 * One shape against a target: every input once on its own connection (the server checked alive
 * after each; a dead one counted and restarted), then a bounded flood (`attackers` connections
 * sending the inputs over and over) while a good client lists templates.
 */
export async function runShape(target: HostileTarget, shape: HostileShape | 'slow', opts: Flood): Promise<ShapeResult> {
  const name = shape === 'slow' ? 'slow clients (headers trickled, bounded)' : shape.name;
  const result: ShapeResult = { shape: name, sent: 0, crashes: 0, serverErrors: 0, statuses: {}, good: { requests: 0, failed: 0, p99Ms: NaN } };
  const see = (status: number) => {
    result.sent++;
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
    if (isServerError(status)) result.serverErrors++;
  };
  const inputs = shape === 'slow' ? [] : shape.inputs(new URL(target.url()).host);
  for (const input of inputs) {
    see(await sendBytes(target.url(), input));
    if (!(await isAlive(target.url()))) {
      result.crashes++;
      await target.restart?.();
    }
  }
  const rounds = 'rounds' in opts ? opts.rounds : Infinity;
  const until = 'floodMs' in opts ? Date.now() + opts.floodMs : Infinity;
  const within = (count: number, limit: number) => count < limit && Date.now() < until;
  const attack = async () => {
    if (shape === 'slow') {
      do {
        result.sent++;
        await trickle(target.url(), (lines) => within(lines, rounds));
      } while (rounds === Infinity && Date.now() < until);
      return;
    }
    for (let i = 0; within(i, inputs.length * rounds); i++) see(await sendBytes(target.url(), inputs[i % inputs.length]!, 2000));
  };
  let attacking = opts.attackers;
  const attackers = Array.from({ length: opts.attackers }, () => attack().finally(() => attacking--));
  const [times] = await Promise.all([serveGoodClient(target.url(), () => attacking > 0), ...attackers]);
  if (!(await isAlive(target.url()))) {
    result.crashes++;
    await target.restart?.();
  }
  result.good = { requests: times.length, failed: times.filter((t) => !Number.isFinite(t)).length, p99Ms: p99(times) };
  return result;
}

/** Every shape against a target, in order. */
export async function runHostileClient(target: HostileTarget, opts: Flood): Promise<ShapeResult[]> {
  const rows: ShapeResult[] = [];
  for (const shape of [...HOSTILE_SHAPES, 'slow' as const]) rows.push(await runShape(target, shape, opts));
  return rows;
}
