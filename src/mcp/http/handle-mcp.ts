import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { buildMcpUrl } from '../surface/server-info.ts';
import { logNow } from '../../server/log.ts';
import { findForbiddenHost, listAllowedHosts } from './check-mcp-host.ts';
import { createMcpServer } from './create-mcp-server.ts';
import { readBody } from './read-body.ts';
import { sendJsonRpcError, sendMcpError } from './send-mcp-json.ts';
import { toSdkRequest, writeSdkResponse } from './sdk-request.ts';

/** Largest request body /api/mcp reads (1 MiB): tool arguments are a few hundred bytes. */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;
const ALLOW = 'POST, OPTIONS';
const UNPARSABLE = Symbol('unparsable');
const TOO_LARGE = Symbol('too large');

/** What the Node server hands over: the loaded catalog, the config, and a body it may already have parsed. */
export interface McpContext {
  catalog: Catalog;
  config: Config;
  /** The parsed JSON body when the caller already read it; otherwise handleMcp reads it. */
  body?: unknown;
}

/** True unless Accept rules JSON out; `*` + `/` + `*`, `application/*` and no Accept at all accept it. */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const refused = params.some((p) => /^q=0(\.0{0,3})?$/.test(p));
    return !refused && (type === 'application/json' || type === 'application/*' || type === '*/*');
  });
}

async function readMessage(req: IncomingMessage, given: unknown): Promise<unknown> {
  let text: string;
  if (given === undefined) {
    const read = await readBody(req, MCP_MAX_BODY_BYTES);
    if (read.tooLarge) return TOO_LARGE;
    text = read.text;
  } else if (typeof given === 'string' || Buffer.isBuffer(given)) {
    if (given.length > MCP_MAX_BODY_BYTES) return TOO_LARGE;
    text = given.toString();
  } else return given;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNPARSABLE;
  }
}

async function answer(req: IncomingMessage, res: ServerResponse, message: unknown, ctx: McpContext): Promise<void> {
  const server = createMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(toSdkRequest(req), { parsedBody: message });
    await writeSdkResponse(res, response);
  } finally {
    await closeQuietly(server);
  }
}

/**
 * Closes the per-request server. On every close the SDK builds a "Connection closed" error for
 * pending requests (there are none once the answer is written); capturing its stack trace was
 * an eighth of the SDK's cost per request. close() runs synchronously up to that point, so the
 * stack limit is lowered for exactly that stretch.
 */
function closeQuietly(server: { close(): Promise<void> }): Promise<void> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return server.close();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Answers one request to /api/mcp: MCP over streamable HTTP, stateless, JSON answers. The
 * server applies the MCP rate limit and CORS before calling this. Refusals are Error JSON
 * (403 forbidden_host, 405 method_not_allowed, 406 not_acceptable, 413 payload_too_large);
 * a body that is not JSON is a JSON-RPC parse error with 400.
 */
export async function handleMcp(req: IncomingMessage, res: ServerResponse, ctx: McpContext): Promise<void> {
  const mcpUrl = buildMcpUrl(ctx.config.SITE_URL);
  try {
    const forbidden = findForbiddenHost(req.headers, listAllowedHosts(ctx.config));
    if (forbidden) {
      return sendMcpError(res, 'forbidden_host', `${forbidden} is not a host this MCP server answers for (DNS-rebinding protection). Connect to ${mcpUrl}.`);
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { Allow: ALLOW }).end();
      return;
    }
    if (req.method !== 'POST') {
      const why = 'MCP here is streamable HTTP in stateless mode with JSON answers: there is no event stream to GET and no session to DELETE.';
      return sendMcpError(res, 'method_not_allowed', `Use POST for ${mcpUrl}. ${why}`, { Allow: ALLOW });
    }
    if (!acceptsJson(req.headers.accept)) {
      return sendMcpError(res, 'not_acceptable', 'This endpoint answers with application/json: send Accept: application/json (with or without text/event-stream).');
    }
    const message = await readMessage(req, ctx.body);
    if (message === TOO_LARGE) {
      return sendMcpError(res, 'payload_too_large', `The request body is over ${MCP_MAX_BODY_BYTES} bytes (1 MiB); MCP requests here are small JSON-RPC messages.`, { Connection: 'close' });
    }
    if (message === UNPARSABLE) return sendJsonRpcError(res, 400, -32700, 'Parse error: the request body is not valid JSON.');
    await answer(req, res, message, ctx);
  } catch (err) {
    // The client hung up or broke its chunked body mid-way (Node's "aborted" error while the
    // body was read): no one is left to answer and nothing failed here, so no error is logged
    // (a client could otherwise fill the log with stack traces at will).
    if (req.destroyed && (err as NodeJS.ErrnoException).code === 'ECONNRESET') return void res.destroy();
    logNow({ msg: 'unexpected error', path: req.url, error: err instanceof Error ? err.stack : String(err) });
    if (!res.headersSent) sendMcpError(res, 'internal_error', 'The MCP request failed unexpectedly; please try again.');
    else res.destroy();
  }
}
