import { cacheControlOf } from '../core/cdn/cache-policy.ts';
import { MCP_MAX_BODY_BYTES } from '../contracts/mcp/tool-limits.ts';
import type { ReportUnexpected } from '../http/error-reply.ts';
import { checkMcpHeaders, MCP_FAILED, parseMcpMessage, toSdkRequest, TOO_LARGE, type McpRefusal } from '../http/mcp/mcp-request.ts';
import { serveMcpMessage } from '../http/mcp/serve-mcp-message.ts';
import { boundMcpMessage, type ChargeMessages } from '../http/mcp/bound-mcp-message.ts';
import { findSearchCalls, readMcpSearchNote } from '../http/mcp/mcp-search-note.ts';
import { SEARCH_NOTE } from '../core/header-names.ts';
import { READ_DECLARED_BODY } from './read-target.ts';
import { createMcpServer } from '../server/mcp/create-mcp-server.ts';
import type { Catalog } from '../core/catalog/catalog.ts';
import type { Config } from '../schemas/config.ts';
import { toHeaders } from './web-reply.ts';
import { respond } from './light-response.ts';

/** The body as text, or undefined past `max` bytes (a declared length over it is refused unread). */
async function readLimited(request: Request, max: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > max) return undefined;
  // The runtime's own reader where it has one (Node: the body's chunks without a web stream, ~20 µs less a call).
  const own = (request as Request & { [READ_DECLARED_BODY]?: () => Promise<Uint8Array> | undefined })[READ_DECLARED_BODY]?.();
  if (own) return new TextDecoder().decode(await own);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** True for the error a body read ends with when the client left mid-body. */
function isClientGone(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: string; name?: string };
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || name === 'AbortError';
}

/**
 * The SDK's answer with the request's common headers (CORS, rate limits, request id; they win
 * over the SDK's own of the same name) and `no-store`, read whole (a JSON answer of a few KB)
 * into a light answer with its Content-Length: the Node writer sends it in one write, with no
 * copied Headers and Response and no stream to pump (CPU a call 1,227 → 1,092 µs on the origin,
 * `npm run bench -- ab` against the commit before, loaded). An event stream is passed on as it comes.
 */
async function finish(response: Response, common: readonly string[], searches: Set<unknown>): Promise<Response> {
  const own = new Set<string>();
  for (let i = 0; i < common.length; i += 2) own.add(common[i]!.toLowerCase());
  const pairs: string[] = [];
  response.headers.forEach((value, name) => {
    if (!own.has(name) && name !== 'content-length') pairs.push(name, value);
  });
  pairs.push(...common, 'Cache-Control', cacheControlOf('none'));
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) return new Response(response.body, { status: response.status, headers: toHeaders(pairs) });
  const body = new Uint8Array(await response.arrayBuffer());
  // A search_templates call notes what it did not find for the access log, as the REST list does.
  const note = searches.size ? readMcpSearchNote(new TextDecoder().decode(body), searches) : undefined;
  if (note) pairs.push(SEARCH_NOTE, note);
  return respond(response.status, [...pairs, 'Content-Length', String(body.byteLength)], body);
}

/** `common` without the headers a refusal sets itself (a refused batch's rate-limit state replaces the route's). */
function withoutOwn(common: readonly string[], own: readonly string[]): string[] {
  const names = new Set(own.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()));
  const kept: string[] = [];
  for (let i = 0; i < common.length; i += 2) if (!names.has(common[i]!.toLowerCase())) kept.push(common[i]!, common[i + 1]!);
  return kept;
}

const refuse = ({ status, body, headers = [] }: McpRefusal, common: readonly string[], requestId: string) =>
  new Response(JSON.stringify(body(requestId)), { status, headers: toHeaders([...withoutOwn(common, headers), ...headers, 'Content-Type', 'application/json; charset=utf-8', 'Cache-Control', cacheControlOf('none')]) });

/**
 * POST /api/mcp on the function: the checks, body limit and SDK path of src/http/mcp (the
 * origin's), over the Web Request as it arrives. The route table has answered OPTIONS, counted
 * the request and refused other methods.
 */
export async function answerMcp(request: Request, ctx: { catalog: Catalog; config: Config }, common: readonly string[], requestId: string, report: ReportUnexpected, charge?: ChargeMessages): Promise<Response> {
  try {
    const header = (name: string) => request.headers.get(name);
    const refusal = checkMcpHeaders(header, ctx.config);
    if (refusal) return refuse(refusal, common, requestId);
    const text = await readLimited(request, MCP_MAX_BODY_BYTES);
    if (text === undefined) return refuse(TOO_LARGE, common, requestId);
    const parsed = parseMcpMessage(text);
    if ('refusal' in parsed) return refuse(parsed.refusal, common, requestId);
    const bounded = await boundMcpMessage(parsed.message, charge);
    if (bounded) return refuse(bounded, common, requestId);
    const response = await serveMcpMessage(toSdkRequest(request.method, header), parsed.message, { key: ctx.catalog, createServer: () => createMcpServer(ctx), report });
    return await finish(response, common, findSearchCalls(parsed.message));
  } catch (error) {
    // The client hung up or broke its body mid-way (Node's "aborted", ECONNRESET): no one is
    // left to answer and nothing failed here, so nothing is logged (a client could otherwise
    // fill the log with stack traces at will).
    if (isClientGone(error)) return refuse(MCP_FAILED, common, requestId);
    report({ msg: 'unexpected error', path: '/api/mcp', requestId, error });
    return refuse(MCP_FAILED, common, requestId);
  }
}
