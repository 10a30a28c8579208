import { refSchema, type JsonSchema } from '../../contracts/openapi-schemas.ts';

const RATE_LIMIT_HEADERS = Object.fromEntries(
  ['RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((h) => [
    h,
    { $ref: `#/components/headers/${h}` },
  ]),
);

const jsonRpcMessage: JsonSchema = {
  type: 'object',
  description: 'A JSON-RPC 2.0 request, notification or response (see the MCP specification).',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer'] },
    method: { type: 'string', examples: ['initialize', 'tools/list', 'tools/call'] },
    params: { type: 'object' },
  },
};

const jsonRpcAnswer: JsonSchema = {
  type: 'object',
  description: 'A JSON-RPC 2.0 response: `result`, or `error` with a numeric code.',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    result: { type: 'object' },
    error: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
  },
};

const errorBody = (description: string, error: string, message: string): JsonSchema => ({
  description,
  content: { 'application/json': { schema: refSchema('Error'), example: { error, message } } },
});

/** The MCP endpoint at a high level: one POST carrying JSON-RPC; tools are listed by `tools/list`. */
export function buildMcpPath(): Record<string, JsonSchema> {
  return {
    '/api/mcp': {
      post: {
        operationId: 'callMcp',
        tags: ['MCP'],
        summary: 'MCP server (streamable HTTP, JSON-RPC 2.0)',
        description:
          'Model Context Protocol over streamable HTTP, stateless, with JSON answers. Read-only, no authentication. ' +
          'Tools: `search_templates`, `get_template` and `studio_link`, mirroring listTemplates, getTemplate and ' +
          'createStudioLink; their input and output schemas come from `tools/list`. A request whose Host or Origin ' +
          'names a host the service does not know is refused with 403 `forbidden_host` (DNS-rebinding protection). ' +
          'GET and DELETE answer 405 `method_not_allowed` (no event stream, no session). ' +
          'The server card is at `/.well-known/mcp/manifest.json`.',
        parameters: [
          {
            name: 'MCP-Protocol-Version',
            in: 'header',
            required: false,
            description: 'The MCP protocol version negotiated at initialize.',
            schema: { type: 'string' },
          },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: jsonRpcMessage } } },
        responses: {
          '200': { description: 'The JSON-RPC response.', headers: RATE_LIMIT_HEADERS, content: { 'application/json': { schema: jsonRpcAnswer } } },
          '202': { description: 'A notification or response was accepted; there is no body.', headers: RATE_LIMIT_HEADERS },
          '400': { description: 'The body is not a valid JSON-RPC message.', content: { 'application/json': { schema: jsonRpcAnswer } } },
          '403': errorBody('Host or Origin is not allowed (`forbidden_host`).', 'forbidden_host', 'Host "evil.example" is not allowed.'),
          '413': errorBody('The body is too large (`payload_too_large`).', 'payload_too_large', 'The request body is over the limit.'),
          '429': { $ref: '#/components/responses/RateLimited' },
        },
      },
    },
  };
}
