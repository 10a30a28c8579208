import type { IncomingMessage, ServerResponse } from 'node:http';
import { MCP_MAX_BODY_BYTES } from '../../contracts/mcp/tool-limits.ts';
import { checkMcpHeaders, MCP_FAILED, parseMcpMessage, TOO_LARGE } from '../../http/mcp/mcp-request.ts';
import { serveMcpMessage } from '../../http/mcp/serve-mcp-message.ts';
import { boundMcpMessage, type ChargeMessages } from '../../http/mcp/bound-mcp-message.ts';
import { logUnexpected } from '../observe/log.ts';
import { finishRefusal } from '../http/finish-refusal.ts';
import { createMcpServer, type McpServerContext } from './create-mcp-server.ts';
import { readBody } from './read-body.ts';
import { toSdkRequest, writeSdkResponse } from './sdk-request.ts';
import { sendRefusal } from './send-mcp-json.ts';

/**
 * Answers one POST to /api/mcp on the origin: MCP over streamable HTTP, stateless, JSON answers,
 * both protocol eras, with the checks and the SDK path of src/http/mcp (the function's too).
 * The route table has answered OPTIONS, applied the MCP rate limit and CORS, and refused other
 * methods. Refusals sent before the body is read let the client finish sending.
 */
export async function handleMcp(req: IncomingMessage, res: ServerResponse, ctx: McpServerContext, charge?: ChargeMessages): Promise<void> {
  try {
    const refusal = checkMcpHeaders((name) => req.headers[name] as string | undefined, ctx.config);
    if (refusal) {
      sendRefusal(res, refusal);
      return finishRefusal(req, res);
    }
    const read = await readBody(req, MCP_MAX_BODY_BYTES);
    if (read.tooLarge) {
      sendRefusal(res, TOO_LARGE);
      return finishRefusal(req, res);
    }
    const parsed = parseMcpMessage(read.text);
    if ('refusal' in parsed) return sendRefusal(res, parsed.refusal);
    const bounded = await boundMcpMessage(parsed.message, charge);
    if (bounded) return sendRefusal(res, bounded);
    const response = await serveMcpMessage(toSdkRequest(req), parsed.message, { key: ctx.catalog, createServer: () => createMcpServer(ctx), report: logUnexpected });
    await writeSdkResponse(res, response);
  } catch (err) {
    // The client hung up or broke its chunked body mid-way (Node's "aborted" error while the
    // body was read): no one is left to answer and nothing failed here, so no error is logged
    // (a client could otherwise fill the log with stack traces at will).
    if (req.destroyed && (err as NodeJS.ErrnoException).code === 'ECONNRESET') return void res.destroy();
    logUnexpected({ msg: 'unexpected error', path: req.url, error: err });
    if (!res.headersSent) sendRefusal(res, MCP_FAILED);
    else res.destroy();
  }
}
