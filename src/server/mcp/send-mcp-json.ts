import type { ServerResponse } from 'node:http';
import { cacheControlOf } from '../../core/cdn/cache-policy.ts';
import { ApiError } from '../../core/api-error.ts';
import type { ErrorCode } from '../../schemas/responses.ts';
import { REQUEST_ID } from '../../core/header-names.ts';

/** Writes a JSON answer, keeping headers set earlier (CORS, rate limit). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', cacheControlOf('none'));
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** Writes the Error body of the spec with the status of its code and the request id the route set on `res`. */
export function sendMcpError(res: ServerResponse, code: ErrorCode, message: string, headers: Record<string, string> = {}): void {
  const error = new ApiError(code, message);
  const requestId = res.getHeader(REQUEST_ID);
  sendJson(res, error.status, error.toBody(typeof requestId === 'string' ? requestId : undefined), headers);
}

/** A JSON-RPC error without an id: the answer for bodies that cannot be read as a message. */
export function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}
