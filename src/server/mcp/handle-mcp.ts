import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/server';
import Negotiator from 'negotiator';
import { logUnexpected } from '../observe/log.ts';
import { finishRefusal } from '../http/finish-refusal.ts';
import { buildMcpUrl } from '../../contracts/mcp/server-info.ts';
import { MCP_MAX_BODY_BYTES, formatBytes } from '../../contracts/mcp/tool-limits.ts';
import { findForbiddenHost, listAllowedHosts } from './check-mcp-host.ts';
import type { McpServerContext } from './create-mcp-server.ts';
import { readBody } from './read-body.ts';
import { serveMcpMessage } from './serve-mcp-message.ts';
import { sendJsonRpcError, sendMcpError } from './send-mcp-json.ts';

const UNPARSABLE = Symbol('unparsable');
const TOO_LARGE = Symbol('too large');

/**
 * True unless Accept rules JSON out, read by `negotiator` like every other Accept header here:
 * `*` + `/` + `*`, `application/*` and no Accept at all accept it (a client that names only
 * JSON is served; the SDK would refuse it without `text/event-stream`).
 */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  return new Negotiator({ headers: { accept } }).mediaType(['application/json']) !== undefined;
}

/** The body read (up to the limit) and parsed as JSON. */
async function readMessage(req: IncomingMessage): Promise<unknown> {
  const read = await readBody(req, MCP_MAX_BODY_BYTES);
  if (read.tooLarge) return TOO_LARGE;
  try {
    return JSON.parse(read.text) as unknown;
  } catch {
    return UNPARSABLE;
  }
}

/**
 * Answers one POST to /api/mcp: MCP over streamable HTTP, stateless, JSON answers, both
 * protocol eras (see serveMcpMessage). The route table has answered OPTIONS, applied the MCP
 * rate limit and CORS, and refused other methods. Refusals here are Error JSON (403
 * forbidden_host, 406 not_acceptable, 413 payload_too_large) or JSON-RPC errors (400 parse error, 415 when the
 * body is not JSON); refusals sent before the body is read let the client finish sending.
 */
export async function handleMcp(req: IncomingMessage, res: ServerResponse, ctx: McpServerContext): Promise<void> {
  const mcpUrl = buildMcpUrl(ctx.config.SITE_URL);
  try {
    const forbidden = findForbiddenHost(req.headers, listAllowedHosts(ctx.config));
    if (forbidden) {
      sendMcpError(res, 'forbidden_host', `${forbidden} is not a host this MCP server answers for (DNS-rebinding protection). Connect to ${mcpUrl}.`);
      return finishRefusal(req, res);
    }
    if (!acceptsJson(req.headers.accept)) {
      sendMcpError(res, 'not_acceptable', 'This endpoint answers with application/json: send Accept: application/json (with or without text/event-stream).');
      return finishRefusal(req, res);
    }
    if (!isJsonContentType(req.headers['content-type'] ?? null)) {
      sendJsonRpcError(res, 415, -32000, 'Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json.');
      return finishRefusal(req, res);
    }
    const message = await readMessage(req);
    if (message === TOO_LARGE) {
      sendMcpError(res, 'payload_too_large', `The request body is over ${MCP_MAX_BODY_BYTES} bytes (${formatBytes(MCP_MAX_BODY_BYTES)}); MCP requests here are small JSON-RPC messages.`);
      return finishRefusal(req, res);
    }
    if (message === UNPARSABLE) return sendJsonRpcError(res, 400, -32700, 'Parse error: the request body is not valid JSON.');
    await serveMcpMessage(req, res, message, ctx);
  } catch (err) {
    // The client hung up or broke its chunked body mid-way (Node's "aborted" error while the
    // body was read): no one is left to answer and nothing failed here, so no error is logged
    // (a client could otherwise fill the log with stack traces at will).
    if (req.destroyed && (err as NodeJS.ErrnoException).code === 'ECONNRESET') return void res.destroy();
    logUnexpected({ msg: 'unexpected error', path: req.url, error: err });
    if (!res.headersSent) sendMcpError(res, 'internal_error', 'The MCP request failed unexpectedly; please try again.');
    else res.destroy();
  }
}
