import { McpServer, type JSONRPCErrorResponse, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';

const RESOURCE_NOT_FOUND_2025 = -32002;
const INVALID_PARAMS = -32602;

/** A resource-not-found error as the SDK sends it: -32602 whose data is exactly `{ uri }`. */
function isResourceMiss(message: JSONRPCMessage): message is JSONRPCErrorResponse {
  const error = (message as { error?: { code?: number; data?: Record<string, unknown> } }).error;
  return error?.code === INVALID_PARAMS && typeof error.data?.uri === 'string' && Object.keys(error.data).length === 1;
}

/**
 * The SDK's McpServer, answering a missing resource in the 2025 protocol revisions as they
 * say: -32002 ("Resource not found", 2024-11-05 through 2025-11-25). The SDK sends -32602 in
 * every revision (2026-07-28 made -32602 a MUST and the SDK maps a thrown -32002 to it at
 * its encode seam: "the SDK never EMITS -32002 — resources/read misses answer -32602
 * (Invalid Params) on every protocol revision", ProtocolErrorCode.ResourceNotFound), and
 * offers no option for the older revisions. So the public `connect` wraps the transport:
 * a resources/read request without the 2026-07-28 `_meta` envelope is a 2025-era request,
 * and its miss goes out as -32002. Nothing else is touched.
 */
export class CatalogServer extends McpServer {
  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const legacyReads = new Set<string | number>();
    const receive = transport.onmessage;
    transport.onmessage = (message, extra) => {
      const request = message as { method?: string; id?: string | number; params?: { _meta?: Record<string, unknown> } };
      if (request.method === 'resources/read' && request.id !== undefined && !request.params?._meta?.['io.modelcontextprotocol/protocolVersion']) legacyReads.add(request.id);
      receive?.(message, extra);
    };
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      if (isResourceMiss(message) && message.id !== undefined && legacyReads.has(message.id)) message = { ...message, error: { ...message.error, code: RESOURCE_NOT_FOUND_2025 } };
      return send(message, options);
    };
  }
}
