import { isJsonContentType } from '@modelcontextprotocol/server';
import Negotiator from 'negotiator';
import { ApiError } from '../../core/api-error.ts';
import { buildMcpUrl } from '../../contracts/mcp/server-info.ts';
import { MCP_MAX_BODY_BYTES, formatBytes } from '../../contracts/mcp/tool-limits.ts';
import type { Config } from '../../schemas/config.ts';
import { findForbiddenHost, listAllowedHosts } from './check-mcp-host.ts';

/** A refusal of /api/mcp before the SDK sees the request: its status and JSON body (an Error body repeats the request id). */
export interface McpRefusal {
  status: number;
  body(requestId?: string): unknown;
  /** Header pairs the refusal sets over the request's own (a batch's 429: Retry-After and the rate-limit state). */
  headers?: readonly string[];
}

/** Reads one request header by its lower-case name (Node's headers object or a Web Headers). */
export type HeaderReader = (name: string) => string | null | undefined;

/**
 * True unless Accept rules JSON out, read by `negotiator` like every other Accept header here:
 * `*` + `/` + `*`, `application/*` and no Accept at all accept it (a client that names only
 * JSON is served; the SDK would refuse it without `text/event-stream`).
 */
export function acceptsJson(accept: string | null | undefined): boolean {
  if (!accept?.trim()) return true;
  return new Negotiator({ headers: { accept } }).mediaType(['application/json']) !== undefined;
}

const apiRefusal = (code: ConstructorParameters<typeof ApiError>[0], message: string): McpRefusal => {
  const error = new ApiError(code, message);
  return { status: error.status, body: (requestId) => error.toBody(requestId) };
};

/** A JSON-RPC error without an id: the answer for bodies that cannot be read as a message. */
export const jsonRpcRefusal = (status: number, code: number, message: string): McpRefusal => ({ status, body: () => ({ jsonrpc: '2.0', error: { code, message }, id: null }) });

/** The refusal of a body over MCP_MAX_BODY_BYTES. */
export const TOO_LARGE: McpRefusal = apiRefusal('payload_too_large', `The request body is over ${MCP_MAX_BODY_BYTES} bytes (${formatBytes(MCP_MAX_BODY_BYTES)}); MCP requests here are small JSON-RPC messages.`);

/** The refusal of an unexpected failure (never a stack trace). */
export const MCP_FAILED: McpRefusal = apiRefusal('internal_error', 'The MCP request failed unexpectedly; please try again.');

/**
 * The checks of /api/mcp before its body is read, in order: Host (403 forbidden_host), Accept
 * (406 not_acceptable), Content-Type (415 JSON-RPC error). undefined when the request may go on.
 */
export function checkMcpHeaders(header: HeaderReader, config: Config): McpRefusal | undefined {
  const forbidden = findForbiddenHost(header('host'), listAllowedHosts(config));
  if (forbidden) return apiRefusal('forbidden_host', `${forbidden} is not a host this MCP server answers for (DNS-rebinding protection). Connect to ${buildMcpUrl(config.SITE_URL)}.`);
  if (!acceptsJson(header('accept'))) return apiRefusal('not_acceptable', 'This endpoint answers with application/json: send Accept: application/json (with or without text/event-stream).');
  if (!isJsonContentType(header('content-type') ?? null)) return jsonRpcRefusal(415, -32000, 'Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json.');
  return undefined;
}

/** The body parsed as a JSON-RPC message, or the 400 parse-error refusal. */
export function parseMcpMessage(text: string): { message: unknown } | { refusal: McpRefusal } {
  try {
    return { message: JSON.parse(text) as unknown };
  } catch {
    return { refusal: jsonRpcRefusal(400, -32700, 'Parse error: the request body is not valid JSON.') };
  }
}

/*
 * The SDK insists on `Accept: application/json, text/event-stream` (406 otherwise), while
 * the service serves clients that accept JSON alone. checkMcpHeaders has already checked that JSON
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
export function toSdkRequest(method: string, header: HeaderReader): Request {
  const headers: Record<string, string> = { accept: SDK_ACCEPT };
  for (const name of PASSED_HEADERS) {
    const value = header(name);
    if (typeof value === 'string') headers[name] = value;
  }
  return new Request(SDK_URL, { method, headers });
}
