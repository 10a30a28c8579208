import { connect, type Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** One HTTP/1.1 response read off the wire. */
export interface WireResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Header names in the order sent (to tell Node's bare parser refusals from app answers). */
  headerNames: string[];
  body: Buffer;
}

/** What a connection carried back. */
export interface WireExchange {
  raw: Buffer;
  /** The server closed the connection (rather than the client timing out). */
  closedByServer: boolean;
  /** A socket error seen after or instead of an answer (ECONNRESET, EPIPE, ECONNREFUSED). */
  error?: string;
  ms: number;
}

/** A request exactly as written: any method, target and header bytes, no normalization. */
export interface WireRequest {
  method: string;
  target: string;
  headers: [string, string][];
  body?: Buffer | string;
  version?: string;
}

/** Serializes a request; header values and targets go out byte for byte (latin1), so NUL and CR are possible. */
export function buildRequest(req: WireRequest): Buffer {
  const head = [`${req.method} ${req.target} ${req.version ?? 'HTTP/1.1'}`, ...req.headers.map(([n, v]) => `${n}: ${v}`)].join('\r\n');
  const body = req.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), body]);
}

/** Opens a connection to `baseUrl`'s host and port. */
export function openSocket(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Writes `bytes` on a fresh connection (without half-closing it: Node's server would drop a
 * request still being handled) and collects everything until the server closes, or until
 * `timeoutMs`. Write errors after the server answered early (413) are recorded, not thrown.
 */
export function exchange(baseUrl: string, bytes: Buffer, timeoutMs = 10_000): Promise<WireExchange> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const socket = connect(Number(port), hostname, () => socket.write(bytes, (err) => err && (error ??= (err as NodeJS.ErrnoException).code)));
    const timer = setTimeout(() => finish(false), timeoutMs);
    const finish = (closedByServer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ raw: Buffer.concat(chunks), closedByServer, error, ms: performance.now() - started });
    };
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (err: NodeJS.ErrnoException) => (error ??= err.code ?? err.message));
    socket.on('close', () => finish(true));
  });
}

function readChunked(raw: Buffer, from: number): { body: Buffer; end: number } | undefined {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol === -1) return undefined;
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(size)) return undefined;
    at = eol + 2;
    if (size === 0) {
      const trailerEnd = raw.indexOf('\r\n\r\n', at - 2);
      return { body: Buffer.concat(parts), end: trailerEnd === -1 ? raw.length : trailerEnd + 4 };
    }
    parts.push(raw.subarray(at, at + size));
    at += size + 2;
  }
}

/**
 * Splits what a connection carried into responses, in order, interim 1xx ones included.
 * `methods` names the method of each request (HEAD answers carry no body). Throws on bytes
 * that are not HTTP/1.1.
 */
export function parseResponses(raw: Buffer, methods: readonly string[] = []): WireResponse[] {
  const out: WireResponse[] = [];
  let at = 0;
  while (at < raw.length) {
    const headEnd = raw.indexOf('\r\n\r\n', at);
    if (headEnd === -1) throw new Error(`incomplete response head: ${JSON.stringify(raw.subarray(at, at + 200).toString('latin1'))}`);
    const [statusLine = '', ...lines] = raw.subarray(at, headEnd).toString('latin1').split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (!match) throw new Error(`not an HTTP response: ${JSON.stringify(statusLine.slice(0, 200))}`);
    const status = Number(match[1]);
    const headers: Record<string, string> = {};
    const headerNames: string[] = [];
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headerNames.push(name);
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    let bodyStart = headEnd + 4;
    let body: Buffer;
    const method = methods[out.filter((r) => r.status >= 200).length]; // interim (1xx) answers share a request
    if (method === 'HEAD' || status === 204 || status === 304 || status < 200) body = Buffer.alloc(0);
    else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const chunked = readChunked(raw, bodyStart);
      if (!chunked) throw new Error('incomplete chunked body');
      body = chunked.body;
      bodyStart = chunked.end;
      out.push({ status, headers, headerNames, body });
      at = bodyStart;
      continue;
    } else if (headers['content-length'] !== undefined) body = raw.subarray(bodyStart, bodyStart + Number(headers['content-length']));
    else body = raw.subarray(bodyStart); // delimited by the close
    out.push({ status, headers, headerNames, body });
    at = bodyStart + body.length;
  }
  return out;
}

/** The body as text, decompressed when the server chose a Content-Encoding. */
export function readBodyText(res: WireResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.body).toString('utf8');
  if (encoding === 'deflate') return inflateSync(res.body).toString('utf8');
  return res.body.toString('utf8');
}

/** Node's own refusal of bytes that are not a valid request: only `Connection: close`, no body. */
export function isBareProtocolRefusal(res: WireResponse): boolean {
  return res.headerNames.length === 1 && res.headerNames[0] === 'connection' && res.body.length === 0;
}
