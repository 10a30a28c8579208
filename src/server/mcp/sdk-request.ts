import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheControlOf } from '../../core/cdn/cache-policy.ts';
import { toSdkRequest as toSharedSdkRequest } from '../../http/mcp/mcp-request.ts';

/** The Web Request the SDK reads, from a Node request (the rule is src/http/mcp's toSdkRequest). */
export function toSdkRequest(req: IncomingMessage): Request {
  return toSharedSdkRequest(req.method ?? 'POST', (name) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : undefined;
  });
}

/** Copies the SDK's answer onto the Node response, keeping headers set earlier (CORS, rate limit). */
export async function writeSdkResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader('Cache-Control', cacheControlOf('none'));
  if (body) res.setHeader('Content-Length', body.length);
  res.end(body);
}
