import { RATE_LIMIT_HEADERS } from '../../core/header-names.ts';
import { TOOL_NAMES } from '../../core/tool-names.ts';
import { refHeaders } from './openapi-responses.ts';
import type { EndpointPathItems } from './openapi-routes.ts';
import { refSchema, type JsonSchema } from './openapi-schemas.ts';
import { describeMcpEras } from '../mcp/build-mcp-docs.ts';
import { MCP_PATH, MCP_PROTOCOL_VERSIONS, MCP_SERVER_CARD_PATH } from '../mcp/server-info.ts';
import { MCP_TOOLS } from '../mcp/tools.ts';
import { MCP_MANIFEST_PATH, SERVER_CARD_MEDIA_TYPE, SERVER_CARD_WELL_KNOWN_PATH } from '../discovery/discovery-paths.ts';
import { serverCardSchema } from '../discovery/server-card-schema.ts';
import { z } from 'zod';

// The card's JSON Schema, from the zod schema its builder parses with (the dialect is the document's).
const { $schema: _dialect, ...CARD_SCHEMA } = z.toJSONSchema(serverCardSchema, { io: 'output' }) as JsonSchema;

/** What every /api/mcp answer carries: the MCP bucket's rate-limit headers and CORS. */
const MCP_ANSWER_HEADERS = refHeaders([...RATE_LIMIT_HEADERS, 'Access-Control-Allow-Origin']);

const jsonRpcMessage: JsonSchema = {
  type: 'object',
  description: 'A JSON-RPC 2.0 request, notification or response (see the MCP specification).',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer'], format: 'int64', maxLength: 128, minimum: -9007199254740991, maximum: 9007199254740991 },
    method: { type: 'string', maxLength: 128, examples: ['server/discover', 'initialize', 'tools/list', 'tools/call', 'resources/read'] },
    params: { type: 'object' },
  },
};

const jsonRpcAnswer: JsonSchema = {
  type: 'object',
  description: 'A JSON-RPC 2.0 response: `result`, or `error` with a numeric code.',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'], format: 'int64', maxLength: 128, minimum: -9007199254740991, maximum: 9007199254740991 },
    result: { type: 'object' },
    error: { type: 'object', properties: { code: { type: 'integer', format: 'int32', minimum: -2147483648, maximum: 2147483647 }, message: { type: 'string', maxLength: 4096 } } },
  },
};

const errorBody = (description: string, error: string, message: string): JsonSchema => ({
  description,
  headers: MCP_ANSWER_HEADERS,
  content: { 'application/json': { schema: refSchema('Error'), example: { error, message } } },
});

const header = (name: string, description: string, schema: JsonSchema = { type: 'string', maxLength: 128 }) => ({ name, in: 'header', required: false, description, schema });

/** The MCP endpoint at a high level (one POST carrying JSON-RPC; tools are listed by `tools/list`) and its server card, by route handler. */
export function buildMcpPath(): Pick<EndpointPathItems, 'mcp' | 'mcp-card'> {
  const mirrors = MCP_TOOLS.map((t) => `\`${t.name}\` (like \`${t.mirrors}\`)`).join(', ');
  return {
    'mcp-card': {
      get: {
        operationId: 'getMcpServerCard',
        tags: ['MCP'],
        summary: 'MCP server card (SEP-2127)',
        description: 'The MCP Server Card v1 of this deployment: identity, the streamable-HTTP remote and its protocol versions, and the tools, resource templates and prompts under `_meta`. Counted against the MCP rate limit.',
        responses: {
          '200': {
            description: 'The server card.',
            headers: MCP_ANSWER_HEADERS,
            content: { [SERVER_CARD_MEDIA_TYPE]: { schema: CARD_SCHEMA } },
          },
          '429': { $ref: '#/components/responses/RateLimited' },
          '500': { $ref: '#/components/responses/InternalError' },
        },
      },
    },
    mcp: {
      post: {
        operationId: 'callMcp',
        tags: ['MCP'],
        summary: 'MCP server (streamable HTTP, JSON-RPC 2.0)',
        description:
          'Model Context Protocol over streamable HTTP, stateless, with JSON answers. Read-only, no authentication. ' +
          `Tools: ${mirrors}; their input and output schemas come from \`tools/list\`. Every template and category is also a resource, with completion, and there is a prompt. ` +
          `${describeMcpEras().join(' ')} A request whose Host ` +
          'names a host the service does not know is refused with 403 `forbidden_host` (DNS-rebinding protection). ' +
          'GET and DELETE answer 405 `method_not_allowed` (no event stream, no session). ' +
          `The server card is at \`${MCP_SERVER_CARD_PATH}\` (the same file as \`${SERVER_CARD_WELL_KNOWN_PATH}\` and \`${MCP_MANIFEST_PATH}\`); \`${TOOL_NAMES.search}\` and \`${TOOL_NAMES.fetch}\` answer in the shapes ChatGPT connectors read.`,
        parameters: [
          header('MCP-Protocol-Version', 'The protocol version: the one negotiated at initialize, or 2026-07-28 (which must equal the `_meta` version of the body).', { type: 'string', enum: [...MCP_PROTOCOL_VERSIONS] }),
          header('Mcp-Method', '2026-07-28: the JSON-RPC method of the body (checked against it).'),
          header('Mcp-Name', '2026-07-28: the tool, prompt or resource the body names (checked against it).'),
        ],
        requestBody: { required: true, content: { 'application/json': { schema: jsonRpcMessage } } },
        responses: {
          '200': { description: 'The JSON-RPC response.', headers: MCP_ANSWER_HEADERS, content: { 'application/json': { schema: jsonRpcAnswer } } },
          '202': { description: 'A notification or response was accepted; there is no body.', headers: MCP_ANSWER_HEADERS },
          '400': { description: 'The body is not JSON (-32700), not a JSON-RPC message or an empty batch (-32600), or its headers disagree with it (-32020).', headers: MCP_ANSWER_HEADERS, content: { 'application/json': { schema: jsonRpcAnswer } } },
          '403': errorBody('Host is not one this server answers for (`forbidden_host`, DNS-rebinding protection; any Origin may call).', 'forbidden_host', 'Host "evil.example" is not allowed.'),
          '405': errorBody('A method other than POST or OPTIONS (`method_not_allowed`); `Allow` lists them.', 'method_not_allowed', 'GET is not allowed on /api/mcp: use POST.'),
          '406': errorBody('Accept allows neither application/json nor an event stream (`not_acceptable`).', 'not_acceptable', 'This endpoint answers with application/json: send Accept: application/json (with or without text/event-stream).'),
          '413': errorBody('The body is too large (`payload_too_large`).', 'payload_too_large', 'The request body is over the limit.'),
          '415': { description: 'The body is not sent as application/json (JSON-RPC error -32000).', headers: MCP_ANSWER_HEADERS, content: { 'application/json': { schema: jsonRpcAnswer } } },
          '429': { $ref: '#/components/responses/RateLimited' },
          '500': { $ref: '#/components/responses/InternalError' },
        },
      },
    },
  };
}
