import { Server, type JSONRPCRequest, type Result, type ServerContext } from '@modelcontextprotocol/server';

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's low-level Server with two per-request costs removed, through the hooks the SDK
 * documents for subclasses (found with node --cpu-prof; each was a tenth or more of a tools/call;
 * tests/server/mcp/catalog-server.test.ts fails when an SDK upgrade drops or stops calling them):
 * - tools/call results are not parsed a second time: the SDK validates the request, and every
 *   result here is a REST body already shaped by the zod response schemas plus text and
 *   resource_link blocks (the official client validates them against the outputSchema in
 *   tests/mcp). The SDK's check rebuilt the whole 20 KB result object on every call.
 * - closing after each request builds a "Connection closed" error for pending requests (there
 *   are none once the answer is built); its stack trace is not captured.
 */
export class CatalogServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    return method === 'tools/call' ? handler : super._wrapHandler(method, handler);
  }

  protected override _onclose(): void {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super._onclose();
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}
