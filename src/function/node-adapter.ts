import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { ApiError } from '../core/api-error.ts';
import { readLightParts, respond } from './light-response.ts';
import { READ_DECLARED_BODY } from './read-target.ts';
import { readNodeHeaders, toNativeHeaders } from './node-headers.ts';
import { isApiPath } from '../http/route-rules.ts';

/** Methods a Web Request cannot carry (Fetch forbids them): still answered, by the route's 405. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** A Host header as RFC 9110 allows it: a name or IPv4, or an IPv6 literal, then an optional port up to 65535. */
const VALID_HOST = /^(?:[a-z0-9._~!$&'()*+,;=-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const INCOMING = Symbol('incoming');
/** The last Host that parsed: clients repeat theirs, so its checks (about 1 µs) run once, not per request. */
let lastGoodHost = '';

/** Why a Node request cannot become a Web Request: answered 400 with `reason`. */
export interface RequestProblem {
  problem: string;
  /** The path, when one could be read (an /api path gets the JSON Error shape). */
  path: string;
}

/** The request target in origin form (RFC 9112 §3.2.2 lets a client send `http://host/path`). */
function toOriginForm(target: string): string | undefined {
  if (target[0] === '/') return target;
  const authority = /^https?:\/\/[^/?#]*/i.exec(target);
  if (!authority) return undefined;
  const rest = target.slice(authority[0].length);
  return rest[0] === '/' ? rest : `/${rest}`;
}

/** The target's path, without the query (read only for a refusal: the pipeline reads its own). */
function readPath(target: string): string {
  const q = target.indexOf('?');
  return q === -1 ? target : target.slice(0, q);
}

/**
 * A Web Request on a Node request, made lazily: method, URL and header reads come from the
 * IncomingMessage; the body is Node's stream as a web stream, read only if asked for. Forbidden
 * methods (TRACE) are kept as sent, so the route table answers them with its 405.
 */
class NodeRequest {
  readonly method: string;
  readonly url: string;
  readonly [INCOMING]: IncomingMessage;
  #headers: Headers | undefined;
  #body: ReadableStream<Uint8Array> | null | undefined;
  #native: Request | undefined;
  constructor(req: IncomingMessage, method: string, url: string) {
    this[INCOMING] = req;
    this.method = method;
    this.url = url;
  }
  get headers(): Headers {
    return (this.#headers ??= readNodeHeaders(this[INCOMING].rawHeaders));
  }
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) {
      this.#body = this.method === 'GET' || this.method === 'HEAD' ? null : (Readable.toWeb(this[INCOMING]) as ReadableStream<Uint8Array>);
    }
    return this.#body;
  }
  get signal(): AbortSignal {
    return this.toRequest().signal;
  }
  /**
   * The body's bytes straight from Node's chunks when its length was declared (the parser then
   * delivers no more than that), else undefined: the web stream is read instead. A client that
   * leaves mid-body rejects it as the stream would (ECONNRESET).
   */
  [READ_DECLARED_BODY](): Promise<Uint8Array> | undefined {
    const req = this[INCOMING];
    if (req.headers['content-length'] === undefined || this.#body !== undefined) return undefined;
    this.#body = null;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.once('end', () => resolve(Buffer.concat(chunks)));
      req.once('error', reject);
      req.once('close', () => req.complete || reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
    });
  }
  /** The real Request (Astro's app and other platform code take only that). */
  toRequest(): Request {
    if (this.#native) return this.#native;
    const method = FORBIDDEN_METHODS.has(this.method) ? 'GET' : this.method;
    const body = method === 'GET' || method === 'HEAD' ? null : this.body;
    return (this.#native = new Request(this.url, { method, headers: toNativeHeaders(this.headers), body, duplex: 'half' } as RequestInit));
  }
}
for (const name of ['arrayBuffer', 'blob', 'bytes', 'clone', 'formData', 'json', 'text'] as const) {
  Object.defineProperty(NodeRequest.prototype, name, {
    value(this: NodeRequest) {
      const native = this.toRequest();
      return (native[name] as () => unknown).call(native);
    },
  });
}
Object.setPrototypeOf(NodeRequest.prototype, Request.prototype);

/** The real Request behind a request the Node adapter made (or the request itself). */
export function toNativeRequest(request: Request): Request {
  return request instanceof NodeRequest ? request.toRequest() : request;
}

/** The Node request a Web Request was made from, when the Node adapter made it. */
export function readIncoming(request: Request): IncomingMessage | undefined {
  return request instanceof NodeRequest ? request[INCOMING] : undefined;
}

/**
 * A Node request as a Web Request, or the problem that stops it: a target that is not a path
 * (`*`, a bare word), a Host that is no host (`a b`, `[`, `x:99999`), or a URL the WHATWG
 * parser refuses. Absolute-form targets are read in origin form. Never throws.
 */
export function toWebRequest(req: IncomingMessage, scheme = 'http'): Request | RequestProblem {
  const target = toOriginForm(req.url ?? '');
  if (target === undefined) return { problem: 'The request target must be a path (origin form).', path: '' };
  // Credentials before the host (`user@host`) are no part of a Host: the host after them is read.
  const given = req.headers.host ?? 'localhost';
  const host = given.slice(given.lastIndexOf('@') + 1);
  if (host !== lastGoodHost) {
    const port = /:(\d+)$/.exec(host)?.[1];
    if (!VALID_HOST.test(host) || (port !== undefined && Number(port) > 65_535)) return { problem: 'The Host header is not a host name.', path: readPath(target) };
    // The WHATWG parser fails on a host only: after a good host, any path in origin form parses.
    if (!URL.canParse(`${scheme}://${host}/`)) return { problem: 'The Host header is not a host name.', path: readPath(target) };
    lastGoodHost = host;
  }
  return new NodeRequest(req, req.method ?? 'GET', `${scheme}://${host}${target}`) as unknown as Request;
}

/** The answer to a request that cannot be a Web Request: 400, JSON on /api paths, closing the connection. */
export function refuseProblem({ problem, path }: RequestProblem): Response {
  const close = ['Connection', 'close', 'Cache-Control', 'no-store', 'X-Content-Type-Options', 'nosniff'];
  if (isApiPath(path)) {
    const body = JSON.stringify(new ApiError('bad_request', problem).toBody());
    return respond(400, [...close, 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body))], body);
  }
  const text = `Bad request: ${problem}\n`;
  return respond(400, [...close, 'Content-Type', 'text/plain; charset=utf-8', 'Content-Length', String(Buffer.byteLength(text))], text);
}

/** The headers of a Web Response as name/value pairs for writeHead (Set-Cookie one by one). */
function toPairs(headers: Headers): string[] {
  const pairs: string[] = [];
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') pairs.push(name, value);
  });
  for (const cookie of headers.getSetCookie()) pairs.push('set-cookie', cookie);
  return pairs;
}

/**
 * Writes a Web Response onto the Node response: a light answer's status, header pairs and
 * body straight to writeHead/end, at once (no promise); any other Response's body streamed
 * with backpressure, and dropped when the client leaves (the promise settles when it is done).
 */
export function writeWebResponse(res: ServerResponse, response: Response): void | Promise<void> {
  // A body the handler stopped reading part-way (refused past a limit, mid-body) leaves the rest
  // of it unread on the connection: it closes after this answer, rather than hold the client's
  // bytes until the keep-alive timeout (~6 s). A body refused unread is read away by Node instead.
  if (res.req?.destroyed && !res.req.complete) res.shouldKeepAlive = false;
  const parts = readLightParts(response);
  if (parts) {
    if (parts.write) return parts.write(res);
    res.writeHead(parts.status, parts.headers instanceof Headers ? toPairs(parts.headers) : (parts.headers as string[]));
    res.end(parts.body ?? undefined);
    return;
  }
  res.writeHead(response.status, toPairs(response.headers));
  if (!response.body) return void res.end();
  return streamBody(res, response.body);
}

/** A Web Response's body onto the Node response, with backpressure; dropped when the client leaves. */
async function streamBody(res: ServerResponse, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  res.once('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done || res.destroyed) break;
    if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end();
}

/** What the listener calls besides the handler. */
export interface NodeListenerOptions {
  /** Called when writing failed after the head went out (the connection is then closed). */
  report?: (error: unknown) => void;
}

/**
 * A Node request listener in front of a fetch handler. It never throws: a request that cannot
 * be a Web Request is answered 400 here; a handler that throws or rejects gets a bare 500
 * (the handler answers its own errors; this is the last guard), and a failure after the head
 * closes the connection. The process lives whatever a client sends.
 */
export function createNodeListener(fetch: (request: Request) => Promise<Response>, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const fail = (res: ServerResponse, error: unknown) => {
    options.report?.(error);
    if (res.headersSent) return void res.destroy();
    res.writeHead(500, ['Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'no-store', 'Connection', 'close']);
    res.end('Internal server error\n');
  };
  return (req, res) => {
    try {
      const request = toWebRequest(req);
      const answer = 'problem' in request ? Promise.resolve(refuseProblem(request)) : fetch(request);
      answer.then((response) => writeWebResponse(res, response)).catch((error: unknown) => fail(res, error));
    } catch (error) {
      fail(res, error);
    }
  };
}
