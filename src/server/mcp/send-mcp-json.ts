import type { ServerResponse } from 'node:http';
import { cacheControlOf } from '../../core/cdn/cache-policy.ts';
import type { McpRefusal } from '../../http/mcp/mcp-request.ts';
import { REQUEST_ID } from '../../core/header-names.ts';

/** Writes a refusal of /api/mcp (src/http/mcp) as JSON, keeping headers set earlier (CORS, rate limit, the request id it repeats). */
export function sendRefusal(res: ServerResponse, { status, body, headers = [] }: McpRefusal): void {
  const requestId = res.getHeader(REQUEST_ID);
  const text = JSON.stringify(body(typeof requestId === 'string' ? requestId : undefined));
  res.statusCode = status;
  for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', cacheControlOf('none'));
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
