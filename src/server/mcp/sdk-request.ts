import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheControlOf } from '../../core/cdn/cache-policy.ts';

/*
 * The SDK insists on `Accept: application/json, text/event-stream` (406 otherwise), while
 * the service serves clients that accept JSON alone. handleMcp has already checked that JSON
 * is acceptable, and answers are always JSON here (enableJsonResponse), so the SDK sees both.
 */
const SDK_ACCEPT = 'application/json, text/event-stream';
const PASSED_HEADERS = ['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'last-event-id'] as const;

// The SDK reads neither host nor path (routing happened before): one fixed address spares a URL parse.
const SDK_URL = 'http://localhost/api/mcp';

/**
 * The Web Request the SDK reads: method and the headers it looks at. The body is handed over
 * already parsed, so the Request carries none. Ours rather than @modelcontextprotocol/node's
 * toWebRequest, which copies every header and serializes the parsed body again: 6.7 µs a
 * request against 21.3 µs (`npm run bench -- plumbing`, BENCHMARKS.md).
 */
export function toSdkRequest(req: IncomingMessage): Request {
  const headers: Record<string, string> = { accept: SDK_ACCEPT };
  for (const name of PASSED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return new Request(SDK_URL, { method: req.method ?? 'POST', headers });
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
