import type { ServerResponse } from 'node:http';
import { Writable, type Readable } from 'node:stream';

/** Status and headers sirv chose for a file. */
export interface SirvHead {
  status: number;
  headers: Record<string, string | number>;
}

/** A file sirv produced in full. */
export interface SirvFile extends SirvHead {
  body: Buffer;
}

/** Where a file goes once its head is known: kept in memory, or streamed to the client. */
export type SirvRoute = { buffer: true } | { buffer: false; forward: (head: SirvHead) => ServerResponse };

/**
 * A stand-in for ServerResponse that sirv writes into. It lets sirv (not us) resolve which
 * file a URL names while we keep the bytes: small files are buffered for the memory cache,
 * large ones and partial answers are forwarded to the real response with backpressure.
 */
class SirvSink extends Writable {
  statusCode = 200;
  readonly #headers: Record<string, string | number> = {};
  readonly #chunks: Buffer[] = [];
  readonly #route: (head: SirvHead) => SirvRoute;
  #target: ServerResponse | undefined;
  #source: Readable | undefined;

  constructor(route: (head: SirvHead) => SirvRoute) {
    super();
    this.#route = route;
    this.on('pipe', (source: Readable) => {
      this.#source = source;
      source.once('error', (err) => this.destroy(err));
    });
  }

  getHeader(): undefined {
    return undefined; // sirv lets existing headers override its own; we set none
  }

  setHeader(name: string, value: string | number): this {
    this.#headers[name] = value;
    return this;
  }

  writeHead(status: number, headers: Record<string, string | number> = {}): this {
    this.statusCode = status;
    Object.assign(this.#headers, headers);
    const route = this.#route(this.head);
    if (!route.buffer) {
      const target = route.forward(this.head);
      this.#target = target;
      target.once('close', () => {
        if (target.writableFinished) return;
        this.#source?.destroy(); // the client left: release the file now
        this.destroy();
      });
    }
    return this;
  }

  get head(): SirvHead {
    return { status: this.statusCode, headers: this.#headers };
  }

  get body(): Buffer {
    return Buffer.concat(this.#chunks);
  }

  get forwarded(): boolean {
    return this.#target !== undefined;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    const target = this.#target;
    if (!target) {
      this.#chunks.push(chunk);
      done();
    } else if (target.destroyed || target.write(chunk)) {
      done();
    } else {
      target.once('drain', () => done());
    }
  }

  override _final(done: (err?: Error | null) => void): void {
    this.#target?.end();
    done();
  }
}

type SirvHandler = (req: never, res: never, next: () => void) => void;

/**
 * Runs sirv for `path` with the given request headers. Resolves with the buffered file,
 * 'forwarded' when it was streamed to the client, or null when sirv names no file.
 */
export function runSirv(
  handler: SirvHandler,
  path: string,
  headers: Record<string, string | undefined>,
  route: (head: SirvHead) => SirvRoute,
): Promise<SirvFile | 'forwarded' | null> {
  return new Promise((resolve, reject) => {
    const sink = new SirvSink(route);
    sink.once('finish', () => resolve(sink.forwarded ? 'forwarded' : { ...sink.head, body: sink.body }));
    sink.once('error', reject);
    sink.once('close', () => resolve('forwarded')); // only reached first when the client left mid-stream
    const fakeReq = { url: path, headers, method: 'GET' };
    handler(fakeReq as never, sink as never, () => resolve(null));
  });
}
