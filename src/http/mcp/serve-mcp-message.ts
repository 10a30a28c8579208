import { WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest, type McpHttpHandler, type McpServer } from '@modelcontextprotocol/server';
import { MCP_MODERN_VERSION } from '../../contracts/mcp/server-info.ts';
import type { ReportUnexpected } from '../error-reply.ts';

/** Makes the protocol server of one request (the MCP helper's factory, bound to a catalog and config). */
export interface McpServing {
  /** What the SDK's per-request handler is kept for: one per loaded catalog. */
  key: object;
  createServer: () => McpServer;
  report: ReportUnexpected;
}

const modernHandlers = new WeakMap<object, McpHttpHandler>();

/**
 * The SDK's per-request handler for 2026-07-28 traffic, one per loaded catalog: it answers
 * `server/discover`, checks the `_meta` envelope against the Mcp-* headers and builds a fresh
 * server per request from the same factory as the 2025 leg. `legacy: 'reject'` because the
 * SDK's own stateless fallback answers 2025 requests as event streams, while this endpoint
 * promises JSON: 2025 requests are routed (with the SDK's own isLegacyRequest) to serveLegacy.
 */
function getModernHandler(serving: McpServing): McpHttpHandler {
  let handler = modernHandlers.get(serving.key);
  if (!handler) {
    // Rejected requests are answered to the client; only failures of the server itself are reported.
    const onerror = (error: Error) => {
      if (!/^Rejected|Unsupported|Not Acceptable|Parse error|Invalid/.test(error.message)) serving.report({ msg: 'mcp error', path: '/api/mcp', error });
    };
    handler = createMcpHandler(serving.createServer, { legacy: 'reject', onerror });
    modernHandlers.set(serving.key, handler);
  }
  return handler;
}

/** 2025-era request: the stateless streamable-HTTP transport of the SDK, JSON answers, one server per request. */
async function serveLegacy(request: Request, message: unknown, serving: McpServing): Promise<Response> {
  const server = serving.createServer();
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, { parsedBody: message });
  } finally {
    // Closing makes the SDK's "Connection closed" error for handlers still waiting: none, the
    // answer is complete. Its stack trace is what the close cost (~50 µs a request under load,
    // scripts/bench/profile-mcp.ts), so none is taken; the close runs synchronously up to there.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    const closing = server.close();
    Error.stackTraceLimit = limit;
    await closing.catch(() => {});
  }
}

/**
 * Serves one parsed JSON-RPC message (or batch) through the SDK, on the origin and the function
 * alike: messages carrying the 2026-07-28 `_meta` envelope (or its protocol-version header) go to
 * the SDK's per-request handler, the rest (the `initialize` handshake and 2025-era requests) to serveLegacy.
 */
export async function serveMcpMessage(request: Request, message: unknown, serving: McpServing): Promise<Response> {
  // A request naming 2026-07-28 in MCP-Protocol-Version is never legacy (the SDK's own rule;
  // the modern handler answers it, errors included), so only the others are classified twice.
  const legacy = request.headers.get('mcp-protocol-version') !== MCP_MODERN_VERSION && (await isLegacyRequest(request, message));
  return legacy ? serveLegacy(request, message, serving) : getModernHandler(serving).fetch(request, { parsedBody: message });
}
