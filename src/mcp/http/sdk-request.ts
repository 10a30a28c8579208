import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * The SDK insists on `Accept: application/json, text/event-stream` (406 otherwise), while
 * PRODUCT.md serves clients that accept JSON alone. handleMcp has already checked that JSON
 * is acceptable, and answers are always JSON here (enableJsonResponse), so the SDK sees both.
 */
const SDK_ACCEPT = 'application/json, text/event-stream';
const PASSED_HEADERS = ['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'last-event-id'] as const;

/**
 * The Web Request the SDK transport reads: method, address and the headers it looks at. The
 * body is handed over already parsed, so the Request carries none.
 */
export function toSdkRequest(req: IncomingMessage): Request {
  const headers = new Headers({ accept: SDK_ACCEPT });
  for (const name of PASSED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    url = new URL('http://localhost/api/mcp');
  }
  return new Request(url, { method: req.method ?? 'POST', headers });
}

/** Copies the SDK's answer onto the Node response, keeping headers set earlier (CORS, rate limit). */
export async function writeSdkResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader('Cache-Control', 'no-store');
  if (body) res.setHeader('Content-Length', body.length);
  res.end(body);
}
