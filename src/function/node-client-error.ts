import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '../core/api-error.ts';
import { clipInput, quoteInput } from '../core/quote-input.ts';
import { createRequestId } from '../core/request-id.ts';
import { REQUEST_ID } from '../core/header-names.ts';
import { matchRoute } from '../contracts/routes/match-route.ts';
import { isApiPath } from '../http/route-rules.ts';

/** What Node's parser hands to 'clientError': its llhttp code and the bytes it was parsing. */
export interface ClientError extends Error {
  code?: string;
  rawPacket?: Buffer;
  bytesParsed?: number;
}

/** A request line as RFC 9112 §3 writes it: a method token, a target, an HTTP version. */
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/(\d)\.(\d)\r?$/;

// Node's own refusals, byte for byte (lib/_http_server.js): what it wrote before this listener existed.
const BARE: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/** The request line the parser stopped in: the line holding the byte it failed at. */
function readFailedLine(err: ClientError): string | undefined {
  const raw = err.rawPacket;
  if (!raw) return undefined;
  const at = Math.min(err.bytesParsed ?? 0, raw.length);
  const start = at > 0 ? raw.lastIndexOf(0x0a, at - 1) + 1 : 0;
  const end = raw.indexOf(0x0a, start);
  return end === -1 ? undefined : raw.toString('latin1', start, end);
}

/**
 * The answer to a request Node's parser refused, as raw bytes: an unknown or lower-case method
 * in an otherwise well-formed request line is 501 (RFC 9110 §9.1: methods are case-sensitive,
 * and one the server does not implement is 501), an HTTP version llhttp does not speak is 505;
 * both carry the Error shape on /api paths and a line of text elsewhere, with an X-Request-Id.
 * Anything else is what Node itself answers (400, 431, 413, 408) without a body.
 */
export function describeClientError(err: ClientError): string {
  const bare = BARE[err.code ?? ''];
  if (bare) return bare;
  const line = err.code === 'HPE_INVALID_METHOD' || err.code === 'HPE_INVALID_VERSION' ? readFailedLine(err) : undefined;
  const m = line === undefined ? null : REQUEST_LINE.exec(line);
  if (!m) return BAD_REQUEST;
  const [, method, target, major, minor] = m as unknown as [string, string, string, string, string];
  const path = target.replace(/^https?:\/\/[^/?#]*/i, '').split('?')[0] || '/';
  const error =
    err.code === 'HPE_INVALID_METHOD'
      ? new ApiError('not_implemented', `The method ${quoteInput(method)} is not implemented here (methods are case-sensitive): use ${matchRoute(path).route.allow} on ${clipInput(path)}.`)
      : new ApiError('version_not_supported', `HTTP/${major}.${minor} is not supported here: send HTTP/1.1.`);
  return writeRefusal(error, path, error.status === 501 ? 'Not Implemented' : 'HTTP Version Not Supported');
}

/** A refusal as raw bytes closing the connection: the Error shape on /api paths, its message in words elsewhere. */
function writeRefusal(error: ApiError, path: string, reason: string, extra = ''): string {
  const requestId = createRequestId();
  const api = isApiPath(path);
  const body = api ? JSON.stringify(error.toBody(requestId)) : `${error.message}\n`;
  const type = api ? 'application/json' : 'text/plain; charset=utf-8';
  return `HTTP/1.1 ${error.status} ${reason}\r\n${REQUEST_ID}: ${requestId}\r\n${extra}Content-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * A CONNECT request (Node hands it to a 'connect' listener, or closes the socket without a
 * word): the one 405 of every route, JSON on an /api target, and the connection closed.
 */
export function refuseConnect(server: Server): void {
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const path = (req.url ?? '').split('?')[0]!;
    const error = new ApiError('method_not_allowed', 'CONNECT is not served here: this is an origin server, not a proxy.');
    socket.end(writeRefusal(error, path, 'Method Not Allowed', 'Allow: GET, HEAD, OPTIONS\r\n'));
  });
}

/**
 * Answers, on the origin and the Node function alike, what Node's HTTP parser refuses before
 * any handler runs ('clientError'), then closes the connection, as Node does: nothing is written
 * while an earlier pipelined answer is under way (it would corrupt it), nor to a socket already
 * gone. The answer is flushed before the socket closes (the parser cannot read it further).
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: ClientError, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return void socket.destroy();
    socket.end(describeClientError(err), () => socket.destroy());
  });
}
