import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { logUnexpected } from '../observe/log.ts';
import { MCP_MODERN_VERSION } from '../../contracts/mcp/server-info.ts';
import { createMcpServer, type McpServerContext } from './create-mcp-server.ts';
import { toSdkRequest, writeSdkResponse } from './sdk-request.ts';

const modernHandlers = new WeakMap<Catalog, McpHttpHandler>();

/**
 * The SDK's per-request handler for 2026-07-28 traffic, one per loaded catalog: it answers
 * `server/discover`, checks the `_meta` envelope against the Mcp-* headers and builds a fresh
 * server per request from the same factory as the 2025 leg. `legacy: 'reject'` because the
 * SDK's own stateless fallback answers 2025 requests as event streams, while this endpoint
 * promises JSON: 2025 requests are routed (with the SDK's own isLegacyRequest) to serveLegacy.
 */
function getModernHandler(ctx: McpServerContext): McpHttpHandler {
  let handler = modernHandlers.get(ctx.catalog);
  if (!handler) {
    handler = createMcpHandler(() => createMcpServer(ctx), { legacy: 'reject', onerror: reportError });
    modernHandlers.set(ctx.catalog, handler);
  }
  return handler;
}

// Rejected requests are answered to the client; only failures of the server itself are logged.
function reportError(error: Error): void {
  if (/^Rejected|Unsupported|Not Acceptable|Parse error|Invalid/.test(error.message)) return;
  logUnexpected({ msg: 'mcp error', error });
}

/** 2025-era request: the stateless streamable-HTTP transport of the SDK, JSON answers, one server per request. */
async function serveLegacy(request: Request, message: unknown, ctx: McpServerContext): Promise<Response> {
  const server = createMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, { parsedBody: message });
  } finally {
    // CatalogServer closes without building a stack trace for its "Connection closed" error.
    await server.close().catch(() => {});
  }
}

/**
 * Serves one parsed JSON-RPC message (or batch) through the SDK: messages carrying the
 * 2026-07-28 `_meta` envelope (or its protocol-version header) go to the SDK's per-request
 * handler, the rest (the `initialize` handshake and 2025-era requests) to serveLegacy.
 */
export async function serveMcpMessage(req: IncomingMessage, res: ServerResponse, message: unknown, ctx: McpServerContext): Promise<void> {
  const request = toSdkRequest(req);
  // A request naming 2026-07-28 in MCP-Protocol-Version is never legacy (the SDK's own rule;
  // the modern handler answers it, errors included), so only the others are classified twice.
  const legacy = req.headers['mcp-protocol-version'] !== MCP_MODERN_VERSION && (await isLegacyRequest(request, message));
  const response = legacy
    ? await serveLegacy(request, message, ctx)
    : await getModernHandler(ctx).fetch(request, { parsedBody: message });
  await writeSdkResponse(res, response);
}
